package io.httpmodels.harness.merge;

import io.httpmodels.load.LatencySummary;
import io.httpmodels.load.ReportText;
import org.HdrHistogram.Histogram;

import java.time.Instant;
import java.util.Locale;

/**
 * The merged run as a wrk-like text summary: the total's latency distribution, then one line for the total and
 * one per agent (requests, requests/s, p50, p99, errors, start). Stateless.
 */
final class MergeText {

    private MergeText() {}

    static String render(MergedRun run) {
        MergedLatency kind = MergedLatency.of(run);
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "Merged %d interval logs: %d requests in %.2fs from %s, %.2f requests/s%n",
                run.agents().size(),
                run.requests(),
                run.windowSeconds(),
                Instant.ofEpochMilli(run.originMillis()),
                run.requestsPerSecond()));
        sb.append("  Histograms added exactly (HdrHistogram add, identical settings: ")
                .append(run.settings())
                .append(")\n");
        sb.append("  Latency (")
                .append(kind.kind())
                .append("): ")
                .append(kind.description())
                .append('\n');
        LatencySummary total = LatencySummary.of(kind.kind().label(), kind.description(), run.total());
        for (LatencySummary.Percentile p : total.percentiles()) {
            String label = p.percentile() == 100.0 ? "max" : trim(p.percentile()) + "%";
            sb.append(String.format(Locale.ROOT, "    %7s  %10s%n", label, ReportText.formatMicros(p.valueMicros())));
        }
        sb.append(String.format(
                Locale.ROOT,
                "  %-16s %12s %12s %10s %10s %8s %9s %9s%n",
                "",
                "requests",
                "requests/s",
                "p50",
                "p99",
                "errors",
                "start",
                "skew"));
        sb.append(line("total", run.total(), run.requestsPerSecond(), run.errors(), null, null));
        for (MergedRun.Agent a : run.agents()) {
            AgentJson json = a.log().json();
            sb.append(line(
                    a.name(),
                    a.histogram(),
                    a.requestsPerSecond(),
                    json == null ? null : json.errorTotal(),
                    a.startOffsetMillis(),
                    json == null ? null : json.startSkewMillis()));
        }
        sb.append("  start: after the earliest agent, from the logs' timestamps; skew: after its --start-at, as the"
                + " agent measured it\n");
        for (MergedRun.Agent a : run.agents()) {
            AgentJson json = a.log().json();
            if (json == null) {
                sb.append("  ")
                        .append(a.name())
                        .append(": no JSON beside ")
                        .append(a.log().file())
                        .append(" (errors and skew unknown)\n");
            } else if (json.requests() != null
                    && json.requests() != a.histogram().getTotalCount()) {
                sb.append("  warning: ")
                        .append(a.name())
                        .append("'s JSON counts ")
                        .append(json.requests())
                        .append(" requests, its log ")
                        .append(a.histogram().getTotalCount())
                        .append('\n');
            }
        }
        return sb.toString();
    }

    private static String line(
            String name, Histogram h, double requestsPerSecond, Long errors, Long startMillis, Double skewMillis) {
        return String.format(
                Locale.ROOT,
                "  %-16s %12d %12.2f %10s %10s %8s %9s %9s%n",
                name,
                h.getTotalCount(),
                requestsPerSecond,
                h.getTotalCount() == 0 ? "-" : ReportText.formatMicros(h.getValueAtPercentile(50)),
                h.getTotalCount() == 0 ? "-" : ReportText.formatMicros(h.getValueAtPercentile(99)),
                errors == null ? "-" : String.valueOf(errors),
                startMillis == null ? "" : "+" + startMillis + "ms",
                skewMillis == null ? "" : String.format(Locale.ROOT, "%+.1fms", skewMillis));
    }

    private static String trim(double p) {
        return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
    }
}
