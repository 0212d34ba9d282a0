package io.httpmodels.server.jetty;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** Both Jetty models leave no threads or descriptors behind (see {@link LeakKit}). */
@Tag("slow")
class JettyLeakTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(JettyModels.POOL), ModelUnderTest.named(JettyModels.VIRTUAL));
    }
}
