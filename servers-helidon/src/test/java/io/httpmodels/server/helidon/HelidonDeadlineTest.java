package io.httpmodels.server.helidon;

import io.httpmodels.server.DeadlineKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The DeadlineKit for the helidon model, with Helidon's answers that differ on record ({@link HelidonDeadlineDeviations}). */
// In the slow set (mvn verify -Pslow, which .ci/run runs): it pins down the behaviour of a server this project
// does not write, case by case; mvn verify keeps the model's smoke test and stays within its minutes.
@Tag("slow")
class HelidonDeadlineTest extends DeadlineKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(HelidonServer.NAME).withDeviations(HelidonDeadlineDeviations.all()));
    }
}
