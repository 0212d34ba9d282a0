package io.httpmodels.harness.report;

import io.httpmodels.harness.results.MergeInfo;
import io.httpmodels.harness.results.Results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A merged run's agents as text cells: where each one's figures came from and when it started. Stateless. */
final class AgentsTable {

    static final List<String> HEADERS = List.of("agent", "interval log", "JSON", "start", "start skew");

    static final String NOTE = "start: how much later than the earliest agent the agent began recording, from the"
            + " logs' own timestamps. start skew: how late it began after its --start-at, as it measured it (agents"
            + " on several machines are also as far apart as their clocks).";

    private AgentsTable() {}

    static List<List<String>> rows(Results results) {
        List<List<String>> rows = new ArrayList<>();
        for (MergeInfo.Agent a : results.merge().agents()) {
            rows.add(List.of(
                    a.name(),
                    a.hlog(),
                    a.json() == null ? Format.NONE : a.json(),
                    "+" + a.startOffsetMillis() + " ms",
                    a.startSkewMillis() == null
                            ? Format.NONE
                            : String.format(Locale.ROOT, "%+.1f ms", a.startSkewMillis())));
        }
        return List.copyOf(rows);
    }
}
