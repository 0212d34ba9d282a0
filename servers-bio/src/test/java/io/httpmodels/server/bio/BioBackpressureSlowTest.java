package io.httpmodels.server.bio;

import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * {@link BioBackpressureTest} at the length of a real attack, each flood held for a 15 s idle timeout, on all four
 * blocking models.
 */
@Tag("slow")
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
