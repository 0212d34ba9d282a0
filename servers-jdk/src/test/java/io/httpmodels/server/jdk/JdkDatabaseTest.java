package io.httpmodels.server.jdk;

import io.httpmodels.server.DatabaseKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The database kit for both JDK models: queries on the dispatcher thread, and on a virtual thread per exchange. */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the frameworks' other kits: a cluster of its own and
// a server start per case are more than mvn verify's minutes allow for a framework.
@Tag("slow")
class JdkDatabaseTest extends DatabaseKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(JdkModels.DISPATCHER, JdkModels.VIRTUAL).map(ModelUnderTest::named);
    }
}
