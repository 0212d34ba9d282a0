package io.httpmodels.server.jdk;

import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.time.Duration;

/** {@link JdkBackpressureTest} at the length of a real attack: each flood held for a 15 s idle timeout. */
@Tag("slow")
class JdkBackpressureSlowTest extends JdkBackpressureTest {

    @Override
    protected Duration idleTimeout() {
        return Duration.ofSeconds(15);
    }

    // Every model with both clients, the slow reader included.
    @Override
    protected boolean floodedBySlowReader(ModelUnderTest model) {
        return true;
    }
}
