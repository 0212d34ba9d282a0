package io.httpmodels.server.helidon;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.Deviation;
import io.httpmodels.server.KitRule;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.List;
import java.util.stream.Stream;

/**
 * The helidon model against clients that pipeline and never read (see {@link BackpressureKit}), at the length of a
 * real attack ({@link #atAttackLength()}: a 15 s idle timeout). Helidon writes each answer with a blocking write on
 * the connection's virtual thread, so it stops reading a client that does not read and memory stays bounded; but it
 * never closes that connection: its idle timer closes gracefully ({@code close(false)}: it interrupts the thread only
 * while it waits for a request line), and the thread, blocked in its write, never comes back to look. A documented
 * deviation, for both clients.
 *
 * <p>Why not the kit's 500 ms: Helidon counts a connection's idle time on its cached clock, which ticks once a
 * second, from the last request it took; so at an idle timeout under a second, a timer check just after a tick sees
 * a busy connection idle for a second, and closes it after its current request, or at once while it waits for the
 * next one. At 500 ms the result changed between runs (2026-12-04): the warm-up's connection (10,000 pipelined
 * requests, answered without a pause) was closed under it, and the slow reader was closed 23 ms after it last took
 * requests in one earlier run and never in another. At 15 s a tick is no longer a timeout's worth.
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), like the module's other kits.
@Tag("slow")
class HelidonBackpressureTest extends BackpressureKit {

    private static final List<Deviation> DEVIATIONS = List.of(Deviation.of(
            "aClientThatPipelinesAndDoesNotReadIsHeldInBoundedMemoryAndClosed",
            "stops reading the flooding connection and holds its memory bounded, but never closes it within the"
                    + " idle timeout plus 3 s of the last request it took (\"never closed\"): its idle timer closes"
                    + " gracefully, interrupting only a thread that waits for a request line, and the connection's"
                    + " thread is blocked in a write",
            KitRule.PENDING_OUTPUT));

    @Override
    protected boolean atAttackLength() {
        return true;
    }

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(HelidonServer.NAME).withDeviations(DEVIATIONS));
    }
}
