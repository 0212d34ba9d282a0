package io.httpmodels.server.bio;

import org.junit.jupiter.api.Tag;

/** {@link BioBackpressureTest} at the length of a real attack: each flood held for a 15 s idle timeout. */
@Tag("slow")
class BioBackpressureSlowTest extends BioBackpressureTest {

    @Override
    protected boolean atAttackLength() {
        return true;
    }
}
