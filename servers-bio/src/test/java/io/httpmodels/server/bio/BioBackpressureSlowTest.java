package io.httpmodels.server.bio;

import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * {@link BioBackpressureTest} at the length of a real attack, each flood held for a 15 s idle timeout, on all four
 * blocking models.
 */
// Tagged "attack" too: .ci/run leaves it to scripts/ci-full.sh, and runs the same floods at a 500 ms idle timeout.
@Tag("slow")
@Tag("attack")
class BioBackpressureSlowTest extends BioBackpressureTest {

    @Override
    protected Stream<ModelUnderTest> models() {
        return BioModels.all();
    }

    @Override
    protected boolean atAttackLength() {
        return true;
    }
}
