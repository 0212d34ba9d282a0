package io.httpmodels.server.vertx;

import io.httpmodels.server.DatabaseKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** vertx queries through Vert.x's reactive PostgreSQL client on its event loops: the whole database kit. */
@Tag("slow")
class VertxDatabaseTest extends DatabaseKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(VertxModel.NAME));
    }
}
