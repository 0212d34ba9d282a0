package io.httpmodels.server.jetty;

import io.httpmodels.server.ConformanceKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.stream.Stream;

/**
 * The Conformance kit for both Jetty models, the cases they answer differently on record
 * ({@link JettyConformanceDeviations}); the kit's close case runs as {@link JettyCloseTest} instead
 * ({@link JettyCloseCase} says why).
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs): it pins down the behaviour of a server this project
// does not write, case by case; mvn verify keeps the models' smoke and threading tests.
@Tag("slow")
@ExtendWith(JettyCloseCase.class)
class JettyConformanceTest extends ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return JettyModels.withDeviations(JettyConformanceDeviations::of);
    }
}
