package io.httpmodels.server.nio;

import org.junit.jupiter.api.Tag;

/** {@link NioBackpressureTest} at the length of a real attack: each flood held for a 15 s idle timeout. */
@Tag("slow")
class NioBackpressureSlowTest extends NioBackpressureTest {

    @Override
    protected boolean atAttackLength() {
        return true;
    }
}
