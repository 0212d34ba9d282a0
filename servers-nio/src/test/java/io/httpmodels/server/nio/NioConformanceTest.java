package io.httpmodels.server.nio;

import io.httpmodels.server.ConformanceKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The nio reactor runs the whole {@link ConformanceKit}, with no deviation, with one event loop and with two. */
class NioConformanceTest extends ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NioModels.underTest();
    }
}
