package io.httpmodels.server.bio;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The blocking models leave no threads or descriptors behind (see {@link LeakKit}). */
class BioLeakTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(
                ModelUnderTest.named("single-thread"),
                ModelUnderTest.named("thread-per-connection"),
                ModelUnderTest.named("fixed-pool"),
                ModelUnderTest.named("virtual-threads"));
    }
}
