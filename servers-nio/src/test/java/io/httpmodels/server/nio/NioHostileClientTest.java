package io.httpmodels.server.nio;

import io.httpmodels.server.HostileClientKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The nio reactor runs the whole {@link HostileClientKit}, with no deviation, with one event loop and with two. */
class NioHostileClientTest extends HostileClientKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NioModels.underTest();
    }
}
