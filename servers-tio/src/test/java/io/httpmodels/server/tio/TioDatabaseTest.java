package io.httpmodels.server.tio;

import io.httpmodels.server.DatabaseKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The database kit for the tio model, which queries on t-io's executor threads. */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the frameworks' other kits: a cluster of its own and
// a server start per case are more than mvn verify's minutes allow for a framework.
@Tag("slow")
class TioDatabaseTest extends DatabaseKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(TioServer.NAME));
    }
}
