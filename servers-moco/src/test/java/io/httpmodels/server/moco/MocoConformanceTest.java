package io.httpmodels.server.moco;

import io.httpmodels.server.ConformanceKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.stream.Stream;

/**
 * The ConformanceKit for the moco model, the cases moco answers differently on record ({@link MocoDeviations}); the
 * close case left out ({@link MocoCloseCase} says why).
 */
// In the slow set (mvn verify -Pslow): it pins down the behaviour of a server this project does not write, case by
// case; mvn verify keeps the model's smoke and work tests.
@Tag("slow")
@ExtendWith(MocoCloseCase.class)
class MocoConformanceTest extends ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(MocoModel.NAME).withDeviations(MocoDeviations.all()));
    }
}
