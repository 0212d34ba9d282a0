package io.httpmodels.server.moco;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.Deviation;
import io.httpmodels.server.KitRule;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.List;
import java.util.stream.Stream;

/**
 * The moco model against clients that pipeline and never read, or read slowly (see {@link BackpressureKit}): moco
 * keeps reading the flooding connection and writes an answer for every request it reads, each into the channel's
 * outbound buffer, with no bound and no idle timeout, so its memory grows as fast as the client sends while it keeps
 * serving others (2026-12-06: the resident set grew by 256-349 MiB in 7-8 s, when the kit stopped the flood, the
 * heap in use by 101-165 MiB; 25-34 bystanders answered meanwhile, in 222 ms at most). The deviation is on record
 * for both clients. In the slow set.
 */
@Tag("slow")
class MocoBackpressureTest extends BackpressureKit {

    private static final List<Deviation> DEVIATIONS = List.of(Deviation.of(
            "aClientThatPipelinesAndDoesNotReadIsHeldInBoundedMemoryAndClosed",
            "keeps reading a client that takes no answers and queues every answer it cannot send in the channel's"
                    + " outbound buffer: its resident set and heap grow as fast as the client sends, without bound and"
                    + " never closed (moco has no idle timeout), while it keeps serving others",
            KitRule.PENDING_OUTPUT));

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(MocoModel.NAME).withDeviations(DEVIATIONS));
    }
}
