package io.httpmodels.server.jdk;

import org.junit.jupiter.api.Tag;

/** {@link JdkBackpressureTest} at the length of a real attack: each flood held for a 15 s idle timeout. */
@Tag("slow")
class JdkBackpressureSlowTest extends JdkBackpressureTest {

    @Override
    protected boolean atAttackLength() {
        return true;
    }
}
