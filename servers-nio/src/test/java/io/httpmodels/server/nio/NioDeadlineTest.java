package io.httpmodels.server.nio;

import io.httpmodels.server.DeadlineKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The nio reactor runs the whole {@link DeadlineKit}, with no deviation, with one event loop and with two. */
class NioDeadlineTest extends DeadlineKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NioModels.underTest();
    }
}
