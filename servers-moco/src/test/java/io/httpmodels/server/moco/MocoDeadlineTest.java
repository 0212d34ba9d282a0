package io.httpmodels.server.moco;

import io.httpmodels.server.DeadlineKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The DeadlineKit for the moco model, the cases moco answers differently on record ({@link MocoDeadlineDeviations}). */
// In the slow set (mvn verify -Pslow): it pins down the behaviour of a server this project does not write, case by
// case; mvn verify keeps the model's smoke and work tests.
@Tag("slow")
class MocoDeadlineTest extends DeadlineKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(MocoModel.NAME).withDeviations(MocoDeadlineDeviations.all()));
    }
}
