package io.httpmodels.server.bio;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The four blocking models leave no threads or descriptors behind (see {@link LeakKit}). */
// In the slow set (mvn verify -Pslow, which .ci/run runs) since 2026-12-05: a model's backpressure and leak kits left
// mvn verify, so that it keeps its 3 minutes.
@Tag("slow")
class BioLeakTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return BioModels.all();
    }
}
