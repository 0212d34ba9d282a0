package io.httpmodels.server.tio;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.Deviation;
import io.httpmodels.server.KitRule;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.List;
import java.util.stream.Stream;

/**
 * The tio model against clients that pipeline and never read (see {@link BackpressureKit}): t-io keeps reading the
 * flooding connection and queues an answer for every request it reads, so its memory grows as fast as the client
 * sends, while it keeps serving others. The kit stops the flood once the resident set has grown by its stop bound
 * and records how far and how fast it grew; the deviation is on record for both clients.
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), like the module's other kits.
@Tag("slow")
class TioBackpressureTest extends BackpressureKit {

    private static final List<Deviation> DEVIATIONS = List.of(Deviation.of(
            "aClientThatPipelinesAndDoesNotReadIsHeldInBoundedMemoryAndClosed",
            "keeps reading a client that takes no answers and queues every answer it cannot send: its resident set"
                    + " grows as fast as the client sends, without bound (while it keeps serving others)",
            KitRule.PENDING_OUTPUT));

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(TioServer.NAME).withDeviations(DEVIATIONS));
    }
}
