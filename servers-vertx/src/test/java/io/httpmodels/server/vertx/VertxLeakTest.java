package io.httpmodels.server.vertx;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The vertx model leaves no threads or descriptors behind (see {@link LeakKit}). In the slow set only. */
@Tag("slow")
class VertxLeakTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(VertxModel.NAME));
    }
}
