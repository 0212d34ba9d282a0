package io.httpmodels.server.tomcat;

import io.httpmodels.server.DatabaseKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The database kit for both Tomcat models: queries on a connector worker, platform or virtual. */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the frameworks' other kits: a cluster of its own and
// a server start per case are more than mvn verify's minutes allow for a framework.
@Tag("slow")
class TomcatDatabaseTest extends DatabaseKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(TomcatModels.POOL, TomcatModels.VIRTUAL).map(ModelUnderTest::named);
    }
}
