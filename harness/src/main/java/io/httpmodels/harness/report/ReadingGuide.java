package io.httpmodels.harness.report;

import java.util.List;

/** What each column of the tables means, said once near the top of the Markdown and HTML reports. */
final class ReadingGuide {

    private ReadingGuide() {}

    /** One sentence per column whose meaning is not obvious from its heading. */
    static List<String> sentences(boolean withNginx) {
        List<String> sentences = new java.util.ArrayList<>();
        sentences.add("requests/s: responses per second over the recorded window, the median of the repetitions"
                + " (their range beside it when there were several).");
        sentences.add("vs best: requests/s as a share of the best row of the same table"
                + (withNginx ? "; vs nginx: as a share of nginx's." : "."));
        sentences.add("p50, p99, p99.9: latency percentiles of every repetition's histogram merged; each table"
                + " says which latency it is (raw in closed loop, from the intended send time in open loop).");
        sentences.add("server CPU µs/req: the server process's CPU time (user + system, every thread) divided by"
                + " the requests it completed; server CPU % and client CPU %: of one core, over the window.");
        sentences.add("RSS peak, threads peak: the largest resident set and thread count sampled (up to 10 times"
                + " a second) from the server's process.");
        sentences.add("served: connections that completed at least one response, of those the client kept open;"
                + " timeouts: requests unanswered within the timeout (the connection is then reopened);"
                + " errors: every kind the client counted, timeouts included.");
        sentences.add("limits: what bounds the row's figures. " + ScenarioTable.CLIENT_BOUND
                + " marks a row whose client was saturated, " + ScenarioTable.UNSERVED
                + " one where connections were never served.");
        return List.copyOf(sentences);
    }
}
