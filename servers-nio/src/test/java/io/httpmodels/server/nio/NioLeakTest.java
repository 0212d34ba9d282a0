package io.httpmodels.server.nio;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The nio reactor runs the whole {@link LeakKit}, with no deviation, with one event loop and with two. */
// In the slow set (mvn verify -Pslow, which .ci/run runs, at the kit's full size) since 2026-12-05: a model's
// backpressure and leak kits left mvn verify, so that it keeps its 3 minutes.
@Tag("slow")
class NioLeakTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NioModels.underTest();
    }
}
