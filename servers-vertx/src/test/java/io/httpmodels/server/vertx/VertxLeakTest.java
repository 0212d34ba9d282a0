package io.httpmodels.server.vertx;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.KitRule;
import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.List;
import java.util.stream.Stream;

/**
 * The vertx model against {@link LeakKit}: after 100,000 requests and the hostile clients its threads and
 * descriptors settle back (2026-12-04: 24 threads and 19 fds after the warm-up), and close() ends every Vert.x thread
 * (event loops, workers, acceptor, blocked-thread checker) but one JDK {@code Cleaner-0} thread, on record. In the
 * slow set only.
 */
@Tag("slow")
class VertxLeakTest extends LeakKit {

    private static final List<Deviation> DEVIATIONS = List.of(Deviation.of(
            "threadsAndDescriptorsComeBackAfterLoadAndHostileClients",
            "leaves a JDK Cleaner thread (Cleaner-0) alive after close(): a java.lang.ref.Cleaner of Vert.x's, whose"
                    + " thread ends only once the collector finds the Cleaner unreachable",
            KitRule.LEAK_CLOSE));

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(VertxModel.NAME).withDeviations(DEVIATIONS));
    }
}
