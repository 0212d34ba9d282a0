package io.httpmodels.server.tomcat;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** Both Tomcat models leave no threads or descriptors behind (see {@link LeakKit}). In the slow set only. */
@Tag("slow")
class TomcatLeakTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(TomcatModels.POOL), ModelUnderTest.named(TomcatModels.VIRTUAL));
    }
}
