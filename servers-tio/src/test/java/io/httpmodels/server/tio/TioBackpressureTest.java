package io.httpmodels.server.tio;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The backpressure kit for the tio model (500 ms floods, both clients), the case t-io fails on record ({@link
 * TioBackpressureDeviations}).
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs): it pins down the behaviour of a server this project
// does not write, case by case; mvn verify keeps the model's smoke test and stays within its minutes.
@Tag("slow")
class TioBackpressureTest extends BackpressureKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named("tio").withDeviations(TioBackpressureDeviations.all()));
    }
}
