package io.httpmodels.server.nio;

import io.httpmodels.server.DatabaseKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** nio-reactor queries on its work pool: the whole database kit. */
class NioDatabaseTest extends DatabaseKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(NioReactorServer.NAME));
    }
}
