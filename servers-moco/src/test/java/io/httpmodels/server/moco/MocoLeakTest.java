package io.httpmodels.server.moco;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.KitRule;
import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.List;
import java.util.stream.Stream;

/**
 * The moco model against {@link LeakKit}: after the load on short connections and the hostile clients its threads
 * and descriptors settle back (a connection moco would keep open for good is closed by its client at the end of the
 * pass), but close() leaves its event-loop threads alive, on record: moco runs its Netty group on its own cached
 * thread pool ({@code MocoExecutors}, static, never shut down), which keeps an idle thread for 60 s. In the slow set
 * only.
 */
@Tag("slow")
class MocoLeakTest extends LeakKit {

    private static final List<Deviation> DEVIATIONS = List.of(Deviation.of(
            "threadsAndDescriptorsComeBackAfterLoadAndHostileClients",
            "leaves its event-loop threads (pool-N-thread-M) alive after close(): the group shuts down, but its"
                    + " threads come from moco's own cached thread pool, which keeps an idle thread 60 s",
            KitRule.LEAK_CLOSE));

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(MocoModel.NAME).withDeviations(DEVIATIONS));
    }
}
