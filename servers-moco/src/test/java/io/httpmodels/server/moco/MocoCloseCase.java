package io.httpmodels.server.moco;

import io.httpmodels.server.KitCaseLeftOut;

/**
 * Leaves the conformance kit's {@code closeEndsEveryConnectionAndThreadAndFreesThePort} out for moco, with its
 * reason, since neither a pass nor a documented deviation (which must fail every time) holds for it. Both halves of
 * the case go one way or the other from run to run:
 *
 * <ul>
 *   <li>connections: moco's {@code close()} (its runner's stop: the listening channel closed, then the group shut
 *       down with no quiet period) left every connection of one event loop open in 6 of 10 rounds of a probe on the
 *       project's Netty 4.2.18, and none in 10 rounds on the Netty 4.1.97 moco 1.5.0 is built against (2026-12-06);
 *   <li>threads: the event loops run on moco's static cached thread pool, which keeps an idle thread 60 s, so after
 *       {@code close()} they live on, and the kit sees them as new only when the pool had no idle ones before the
 *       case (the first server of a JVM, or after a minute's pause), not when an earlier test's server left some.
 * </ul>
 *
 * The smoke test checks what holds every time: the port is free after {@code close()}; the leak kit, in a JVM of its
 * own, records the threads ({@link MocoLeakTest}).
 */
final class MocoCloseCase extends KitCaseLeftOut {

    MocoCloseCase() {
        super(
                "closeEndsEveryConnectionAndThreadAndFreesThePort",
                "moco's close() leaves every connection of one event loop open in"
                        + " some runs (on Netty 4.2.18, not on its own 4.1.97), and its event-loop threads live on in"
                        + " its cached pool for 60 s, new to the kit only when the pool had none idle");
    }
}
