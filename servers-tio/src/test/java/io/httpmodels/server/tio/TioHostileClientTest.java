package io.httpmodels.server.tio;

import io.httpmodels.server.HostileClientKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The hostile-client kit for the tio model, the cases t-io fails on record ({@link TioHostileClientDeviations}). */
// In the slow set (mvn verify -Pslow, which .ci/run runs): it pins down the behaviour of a server this project
// does not write, case by case; mvn verify keeps the model's smoke test and stays within its minutes.
@Tag("slow")
class TioHostileClientTest extends HostileClientKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named("tio").withDeviations(TioHostileClientDeviations.all()));
    }
}
