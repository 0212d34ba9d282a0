package io.httpmodels.server.moco;

import io.httpmodels.server.HostileClientKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The HostileClientKit for the moco model, the cases moco answers differently on record
 * ({@link MocoHostileClientDeviations}).
 */
// In the slow set (mvn verify -Pslow): it pins down the behaviour of a server this project does not write, case by
// case; mvn verify keeps the model's smoke and work tests.
@Tag("slow")
class MocoHostileClientTest extends HostileClientKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(MocoModel.NAME).withDeviations(MocoHostileClientDeviations.all()));
    }
}
