package io.httpmodels.server.jetty;

import io.httpmodels.server.HostileClientKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The HostileClient kit for both Jetty models, the cases they answer differently on record ({@link JettyHostileClientDeviations}). */
// In the slow set (mvn verify -Pslow, which .ci/run runs): it pins down the behaviour of a server this project
// does not write, case by case; mvn verify keeps the models' smoke and threading tests.
@Tag("slow")
class JettyHostileClientTest extends HostileClientKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return JettyModels.withDeviations(JettyHostileClientDeviations::of);
    }
}
