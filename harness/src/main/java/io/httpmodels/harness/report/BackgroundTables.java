package io.httpmodels.harness.report;

import io.httpmodels.harness.results.Background;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.TargetInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What each target survives, as text cells shared by the Markdown and HTML reports: for every scenario run beside
 * slow connections, the share of its requests/s each target kept against the same load alone in the same run;
 * for every scenario run beside idle connections, the measured load's requests/s, the threads and memory the
 * server used and the memory each idle connection cost it. Reads only {@link Results}. Stateless.
 */
final class BackgroundTables {

    /**
     * One table.
     *
     * @param heading    its heading
     * @param scenarioId the scenario with background connections
     * @param aloneId    the same load alone, which the figures are relative to, or null when the run has none
     * @param slow       whether it is a slow-clients table (else a many-connections one)
     * @param headers    column headings
     * @param numeric    which columns are figures
     * @param rows       one per target, in the run's order
     * @param note       the sentences under it
     */
    record Table(
            String heading,
            String scenarioId,
            String aloneId,
            boolean slow,
            List<String> headers,
            List<Boolean> numeric,
            List<List<String>> rows,
            String note) {}

    private BackgroundTables() {}

    /** Every table of the run, slow-client ones first; empty when no scenario held background connections. */
    static List<Table> of(Results results) {
        List<Table> tables = new ArrayList<>();
        for (Scenario s : results.scenarios()) {
            if (s.crowd().slowConnections() > 0) {
                tables.add(slow(results, s));
            }
        }
        for (Scenario s : results.scenarios()) {
            if (s.crowd().idleConnections() > 0) {
                tables.add(idle(results, s));
            }
        }
        return tables;
    }

    /** The share of requests/s kept, or null when either figure is missing or the load alone served nothing. */
    static Double shareKept(Summary beside, Summary alone) {
        if (beside == null || alone == null || !beside.ok() || !alone.ok()) {
            return null;
        }
        Double with = beside.requestsPerSecond();
        Double without = alone.requestsPerSecond();
        return with == null || without == null || without <= 0 ? null : with / without;
    }

    /**
     * Server memory per idle connection in KiB: the difference of the mean RSS beside the idle connections and
     * alone, over the idle connections asked for; null when a figure is missing.
     */
    static Double kibPerIdleConnection(Summary beside, Summary alone, int idle) {
        if (beside == null || alone == null || !beside.ok() || !alone.ok() || idle <= 0) {
            return null;
        }
        if (beside.server().rssMeanBytes() == null || alone.server().rssMeanBytes() == null) {
            return null;
        }
        return (beside.server().rssMeanBytes() - alone.server().rssMeanBytes()) / 1024.0 / idle;
    }

    private static Table slow(Results results, Scenario scenario) {
        String aloneId = aloneId(results, scenario);
        List<List<String>> rows = new ArrayList<>();
        for (TargetInfo t : results.targets()) {
            Summary beside = results.summary(scenario.id(), t.name());
            Summary alone = aloneId == null ? null : results.summary(aloneId, t.name());
            Background b = background(results, scenario.id(), t.name());
            rows.add(List.of(
                    t.name(),
                    rps(alone),
                    rps(beside),
                    percentOrNone(shareKept(beside, alone)),
                    beside != null && beside.ok()
                            ? Format.served(
                                    beside.connectionFigures().connectionsServed(),
                                    beside.connectionFigures().connections())
                            : Format.NONE,
                    b == null ? Format.NONE : b.slowOpen() + " / " + b.slowConnections(),
                    b == null ? Format.NONE : Format.count(b.slowClosedByServer())));
        }
        return new Table(
                String.format(
                        Locale.ROOT,
                        "Slow clients: %d connections beside %,d slowloris ones",
                        scenario.shape().connections(),
                        scenario.crowd().slowConnections()),
                scenario.id(),
                aloneId,
                true,
                List.of(
                        "target",
                        "req/s alone",
                        "req/s beside the slow ones",
                        "share kept",
                        "measured served",
                        "slow open at end",
                        "slow closed by server"),
                List.of(false, true, true, true, true, true, true),
                rows,
                "share kept: requests/s of the " + scenario.shape().connections()
                        + " measured connections beside the slow ones, as a share of the same load alone in"
                        + " this run. Each slow connection trickles an endless request head, a byte every "
                        + interval(scenario) + "; closed by server: how often the server ended one (a header"
                        + " deadline shows here; each was reopened)."
                        + (aloneId == null ? " This run has no scenario of the same load alone." : ""));
    }

    private static Table idle(Results results, Scenario scenario) {
        String aloneId = aloneId(results, scenario);
        List<List<String>> rows = new ArrayList<>();
        for (TargetInfo t : results.targets()) {
            Summary beside = results.summary(scenario.id(), t.name());
            Summary alone = aloneId == null ? null : results.summary(aloneId, t.name());
            Background b = background(results, scenario.id(), t.name());
            boolean ok = beside != null && beside.ok();
            Double kib = kibPerIdleConnection(beside, alone, scenario.crowd().idleConnections());
            rows.add(List.of(
                    t.name(),
                    rps(beside),
                    percentOrNone(shareKept(beside, alone)),
                    b == null ? Format.NONE : String.format(Locale.ROOT, "%,d / %,d", b.idleAnswered(), b.idleOpen()),
                    ok ? Format.count(beside.server().threadsPeak()) : Format.NONE,
                    ok ? Format.mebibytes(beside.rssPeakBytes()) : Format.NONE,
                    alone != null && alone.ok() ? Format.mebibytes(alone.rssPeakBytes()) : Format.NONE,
                    kib == null ? Format.NONE : String.format(Locale.ROOT, "%.1f", kib)));
        }
        return new Table(
                String.format(
                        Locale.ROOT,
                        "Many connections: %d measured beside %,d idle keep-alive ones",
                        scenario.shape().connections(),
                        scenario.crowd().idleConnections()),
                scenario.id(),
                aloneId,
                false,
                List.of(
                        "target",
                        "req/s of the " + scenario.shape().connections(),
                        "vs alone",
                        "idle answered / open",
                        "threads peak",
                        "RSS peak MiB",
                        "RSS peak alone MiB",
                        "KiB per idle connection"),
                List.of(false, true, true, true, true, true, true, true),
                rows,
                "Each idle connection sent one request, read its answer and stayed silent; answered / open: how many"
                        + " were served, of those open at the end (an open but unanswered one sat in the server's"
                        + " queue). KiB per idle connection: (mean RSS beside them - mean RSS alone) / "
                        + String.format(Locale.ROOT, "%,d", scenario.crowd().idleConnections())
                        + ", both sampled from /proc over the recorded window; a JVM's RSS also moves with its heap,"
                        + " so small differences are noise."
                        + (aloneId == null ? " This run has no scenario of the same load alone." : ""));
    }

    /** The id of the same load without background connections, when the run measured it. */
    private static String aloneId(Results results, Scenario scenario) {
        String id = scenario.quietShape().id();
        for (Scenario s : results.scenarios()) {
            if (s.id().equals(id)) {
                return id;
            }
        }
        return null;
    }

    /** The first successful repetition's background figures, or null. */
    private static Background background(Results results, String scenarioId, String target) {
        for (CellResult c : results.cells()) {
            if (c.ok()
                    && c.id().scenarioId().equals(scenarioId)
                    && c.id().target().equals(target)
                    && c.diagnostics().background() != null) {
                return c.diagnostics().background();
            }
        }
        return null;
    }

    private static String rps(Summary s) {
        if (s == null) {
            return "not run";
        }
        return s.ok() ? Format.requestsPerSecond(s.requestsPerSecond()) : "failed";
    }

    private static String percentOrNone(Double share) {
        return share == null
                ? Format.NONE
                : String.format(Locale.ROOT, share < 0.1 ? "%.1f %%" : "%.0f %%", share * 100);
    }

    private static String interval(Scenario s) {
        int ms = s.crowd().slowIntervalMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
    }
}
