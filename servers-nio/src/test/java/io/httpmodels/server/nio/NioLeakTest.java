package io.httpmodels.server.nio;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The nio reactor runs the whole {@link LeakKit}, with no deviation, with one event loop and with two. */
class NioLeakTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NioModels.underTest();
    }
}
