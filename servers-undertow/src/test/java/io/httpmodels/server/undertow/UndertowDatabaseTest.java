package io.httpmodels.server.undertow;

import io.httpmodels.server.DatabaseKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The database kit for the undertow model, which dispatches its queries to the worker pool. */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the frameworks' other kits: a cluster of its own and
// a server start per case are more than mvn verify's minutes allow for a framework.
@Tag("slow")
class UndertowDatabaseTest extends DatabaseKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(UndertowModel.NAME));
    }
}
