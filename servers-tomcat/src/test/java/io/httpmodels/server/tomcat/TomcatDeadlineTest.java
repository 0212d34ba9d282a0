package io.httpmodels.server.tomcat;

import io.httpmodels.server.DeadlineKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The DeadlineKit for both Tomcat models, the cases they answer differently on record ({@link TomcatDeadlineDeviations}). */
// In the slow set (mvn verify -Pslow, which .ci/run runs): it pins down the behaviour of a server this project
// does not write, case by case; mvn verify keeps the models' smoke tests.
@Tag("slow")
class TomcatDeadlineTest extends DeadlineKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return TomcatModels.withDeviations(TomcatDeadlineDeviations::of);
    }
}
