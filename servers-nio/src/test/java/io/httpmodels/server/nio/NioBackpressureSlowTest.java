package io.httpmodels.server.nio;

import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.time.Duration;

/** {@link NioBackpressureTest} at the length of a real attack: each flood held for a 15 s idle timeout. */
@Tag("slow")
class NioBackpressureSlowTest extends NioBackpressureTest {

    @Override
    protected Duration idleTimeout() {
        return Duration.ofSeconds(15);
    }

    // Every configuration with both clients, the slow reader included.
    @Override
    protected boolean floodedBySlowReader(ModelUnderTest model) {
        return true;
    }
}
