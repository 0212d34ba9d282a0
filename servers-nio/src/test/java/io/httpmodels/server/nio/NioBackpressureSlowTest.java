package io.httpmodels.server.nio;

import org.junit.jupiter.api.Tag;

/** {@link NioBackpressureTest} at the length of a real attack: each flood held for a 15 s idle timeout. */
// Tagged "attack" too: .ci/run leaves it to scripts/ci-full.sh, and runs the same floods at a 500 ms idle timeout.
@Tag("slow")
@Tag("attack")
class NioBackpressureSlowTest extends NioBackpressureTest {

    @Override
    protected boolean atAttackLength() {
        return true;
    }
}
