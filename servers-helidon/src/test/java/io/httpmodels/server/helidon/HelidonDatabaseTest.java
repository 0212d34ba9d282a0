package io.httpmodels.server.helidon;

import io.httpmodels.server.DatabaseKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The database kit for the helidon model, which queries on the connection's virtual thread. */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the frameworks' other kits: a cluster of its own and
// a server start per case are more than mvn verify's minutes allow for a framework.
@Tag("slow")
class HelidonDatabaseTest extends DatabaseKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(HelidonServer.NAME));
    }
}
