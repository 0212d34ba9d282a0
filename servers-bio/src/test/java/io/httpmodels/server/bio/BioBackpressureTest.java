package io.httpmodels.server.bio;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/**
 * The blocking models against clients that pipeline and never read (see {@link BackpressureKit}): their writes
 * block, so they stop reading, and the write deadline closes the connection.
 */
class BioBackpressureTest extends BackpressureKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(
                ModelUnderTest.named("single-thread"),
                ModelUnderTest.named("thread-per-connection"),
                ModelUnderTest.named("fixed-pool"),
                ModelUnderTest.named("virtual-threads"));
    }

    @Override
    protected boolean servesOneConnectionAtATime(ModelUnderTest model) {
        return model.name().equals("single-thread");
    }
}
