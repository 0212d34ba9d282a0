package io.httpmodels.server.tomcat;

import io.httpmodels.server.ConformanceKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The ConformanceKit for both Tomcat models, the cases they answer differently on record ({@link TomcatConformanceDeviations}). */
// In the slow set (mvn verify -Pslow, which .ci/run runs): it pins down the behaviour of a server this project
// does not write, case by case; mvn verify keeps the models' smoke tests.
@Tag("slow")
class TomcatConformanceTest extends ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return TomcatModels.withDeviations(TomcatConformanceDeviations::of);
    }
}
