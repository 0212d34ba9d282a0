package io.httpmodels.server.jetty;

import io.httpmodels.server.KitCaseLeftOut;

/**
 * Leaves the conformance kit's {@code closeEndsEveryConnectionAndThreadAndFreesThePort} out for Jetty, with its
 * reason, since neither a pass nor a documented deviation holds for it: the kit wants a connection with half a request
 * closed without a byte, and Jetty, stopping, answers that half request with its own 500 page and
 * {@code Connection: close} before it closes, when it had read the half before the stop (in 9 rounds of 10 in a
 * probe, 2026-12-04), and closes silently otherwise. A documented deviation must fail every time.
 * {@link JettyCloseTest} keeps the rest of the case, and allows that answer.
 */
final class JettyCloseCase extends KitCaseLeftOut {

    JettyCloseCase() {
        super(
                "closeEndsEveryConnectionAndThreadAndFreesThePort",
                "Jetty answers a half request 500 as it stops, in some runs;"
                        + " JettyCloseTest runs this case with that answer allowed");
    }
}
