package io.httpmodels.server.tio;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.KitRule;
import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.List;
import java.util.stream.Stream;

/**
 * The leak kit for the tio model. The load and the hostile clients leave no thread or descriptor behind, but
 * {@code close()} leaves t-io's {@code TioSystemTimer}: a static executor in {@code org.tio.utils.SystemTimer},
 * started when the class loads, ticking every 10 ms, and shut down only by a JVM shutdown hook; t-io offers no
 * way to stop it (and its servers read the time it keeps). One thread per JVM, not one per server. At 100,000
 * requests t-io's heartbeat thread ({@code tio-timer-checkheartbeat-...}, which sleeps between checks of the stop
 * flag) was still alive too, in one run. So the kit's
 * only case is a documented deviation: it must still fail. The kit prints its figures only when the load and the
 * hostile pass are through, and {@code .ci/run} checks for them at the slow set's size, so a server that stops
 * serving (docs/model-notes/tio.md) still fails the build. In the slow set ({@code mvn verify -Pslow}): the requests
 * of the hostile pass that t-io neither answers nor closes cost the kit's short read each.
 */
@Tag("slow")
class TioLeakTest extends LeakKit {

    private static final List<Deviation> DEVIATIONS = List.of(Deviation.of(
            "threadsAndDescriptorsComeBackAfterLoadAndHostileClients",
            "leaves t-io's TioSystemTimer thread (org.tio.utils.SystemTimer's static executor) running after close(),"
                    + " and at times its heartbeat thread",
            KitRule.LEAK_CLOSE));

    /** t-io closes that connection without an answer: TioHostileClientDeviations records it. */
    @Override
    protected boolean mayCloseThePipelinedPostsUnanswered() {
        return true;
    }

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(TioServer.NAME).withDeviations(DEVIATIONS));
    }
}
