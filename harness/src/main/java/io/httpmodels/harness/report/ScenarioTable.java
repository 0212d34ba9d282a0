package io.httpmodels.harness.report;

import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.DatabaseChecks;
import io.httpmodels.harness.results.DatabaseConnections;
import io.httpmodels.harness.results.Estimate;
import io.httpmodels.harness.results.Handshakes;
import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.TargetInfo;
import io.httpmodels.harness.results.TargetKind;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One scenario's table as text cells: every target a row, in the run's order, with what limits each figure
 * in its last column. The Markdown and HTML reports both render this, so they show the same figures.
 *
 * @param scenario  the scenario
 * @param columns   the header, the target column first
 * @param rows      one per target, failed and missing ones included
 * @param rankings  the order the rows' intervals support, a line per figure ({@link Ranking}); empty when fewer than
 *                  two rows have figures
 * @param footnotes plain sentences under the table: what each latency is (the data's own words) and what
 *                  the marks in this table mean
 */
record ScenarioTable(
        Scenario scenario, List<Column> columns, List<Row> rows, List<String> rankings, List<String> footnotes) {

    /** The mark on a row whose client was saturated. */
    static final String CLIENT_BOUND = "‡ client-bound";

    /** The mark on a row where some connections never got an answer. */
    static final String UNSERVED = "†";

    /** The mark on a row that answered a database route wrongly, or did not write what its updates said. */
    static final String WRONG = "✗";

    /**
     * A column.
     *
     * @param header  its heading
     * @param detail  its unit or kind, which a wide page may set below the heading; or null
     * @param numeric whether its cells are figures (right-aligned)
     */
    record Column(String header, String detail, boolean numeric) {

        /** The heading with its detail in parentheses, on one line: {@code p50 (raw)}. */
        String joined() {
            return detail == null ? header : header + " (" + detail + ")";
        }
    }

    /**
     * A figure, and a detail a wide page may set below it (the range of repetitions).
     *
     * @param text   the figure
     * @param detail more about it, or null
     */
    record Cell(String text, String detail) {

        static Cell of(String text) {
            return new Cell(text, null);
        }

        /** The figure with its detail in parentheses, on one line. */
        String joined() {
            return detail == null ? text : text + " (" + detail + ")";
        }
    }

    /**
     * A target's row.
     *
     * @param target      the target's name
     * @param noFigures   {@code failed: <reason>} or {@code not run} when there are no figures; null otherwise
     * @param failed      whether the row failed (rather than did not run)
     * @param clientBound whether the client was saturated
     * @param cells       one per column after the target's; empty when {@code noFigures} is set
     * @param wrong       whether it answered a database route wrongly (or its updates were not written)
     */
    record Row(String target, String noFigures, boolean failed, boolean clientBound, List<Cell> cells, boolean wrong) {

        Row(String target, String noFigures, boolean failed, boolean clientBound, List<Cell> cells) {
            this(target, noFigures, failed, clientBound, cells, false);
        }

        /** Every cell as one line of text, the target's first, empty where a row without figures has none. */
        List<String> allCells(int columnCount) {
            List<String> all = new ArrayList<>(columnCount);
            all.add(target);
            if (noFigures != null) {
                all.add(noFigures);
                while (all.size() < columnCount) {
                    all.add("");
                }
            } else {
                cells.forEach(c -> all.add(c.joined()));
            }
            return all;
        }
    }

    /**
     * What a row without figures that did not fail says: {@code HTTP/1.1 only} for a target that does not speak the
     * scenario's protocol, else {@code not run}.
     */
    static String notRun(TargetInfo target, Scenario scenario) {
        return target.doesNotSpeak(scenario.protocol().id()) ? target.speaksOnly() : "not run";
    }

    /** The table of one scenario of a run. */
    static ScenarioTable of(Results results, Scenario scenario) {
        boolean withNginx = hasNginx(results);
        List<Summary> summaries = new ArrayList<>();
        for (TargetInfo target : results.targets()) {
            summaries.add(results.summary(scenario.id(), target.name()));
        }
        Set<String> kinds = new LinkedHashSet<>();
        Set<String> latencyNotes = new LinkedHashSet<>();
        for (Summary s : summaries) {
            if (s != null && s.ok() && s.latency() != null) {
                kinds.add(s.latency().kind().label());
                latencyNotes.add(latencyNote(s.latency()));
            }
        }
        String kind = kinds.size() == 1 ? kinds.iterator().next() : null;

        List<Column> columns = new ArrayList<>();
        columns.add(new Column("target", null, false));
        boolean intervals = summaries.stream()
                .anyMatch(
                        x -> x != null && x.ok() && x.rate().requestsPerSecond().hasInterval());
        columns.add(new Column("requests/s", intervals ? INTERVAL : null, true));
        columns.add(new Column("vs best", null, true));
        if (withNginx) {
            columns.add(new Column("vs nginx", null, true));
        }
        columns.add(new Column("p50", kind, true));
        columns.add(new Column("p99", kind, true));
        columns.add(new Column("p99.9", kind, true));
        columns.add(new Column("server CPU", "µs/req", true));
        boolean tls = scenario.isTls();
        if (tls) {
            columns.add(new Column("handshakes/s", null, true));
            columns.add(new Column("resumed", null, true));
            columns.add(new Column("handshake", "p50", true));
            columns.add(new Column("server CPU", "µs/handshake", true));
        }
        boolean database = summaries.stream().anyMatch(x -> x != null && x.databaseCpuMicrosPerRequest() != null);
        if (database) {
            columns.add(new Column("database pool", "connections", true));
            columns.add(new Column("database CPU", "µs/req", true));
        }
        boolean vsCeiling = database
                && results.databaseCeiling(scenario.shape().connections()) != null
                && DatabaseShare.readsPerRequest(scenario) > 0;
        if (vsCeiling) {
            columns.add(new Column("vs pgbench", null, true));
        }
        boolean connections = summaries.stream()
                .anyMatch(x -> x != null && x.database() != null && x.database().connections() != null);
        if (connections) {
            columns.add(new Column("db connections", "active mean / max, open", true));
        }
        boolean checked = summaries.stream().anyMatch(x -> x != null && x.databaseChecks() != null);
        if (checked) {
            columns.add(new Column("answers checked", "wrong of sampled", true));
        }
        columns.add(new Column("server CPU", "% of a core", true));
        columns.add(new Column("RSS peak", "MiB", true));
        columns.add(new Column("threads peak", null, true));
        columns.add(new Column("served", null, true));
        columns.add(new Column("timeouts", null, true));
        columns.add(new Column("errors", null, true));
        columns.add(new Column("client CPU", "% of a core", true));
        columns.add(new Column("limits", null, false));

        List<Row> rows = new ArrayList<>();
        boolean anyBound = false;
        boolean anyUnserved = false;
        for (int i = 0; i < summaries.size(); i++) {
            Summary s = summaries.get(i);
            String name = results.targets().get(i).name();
            if (s == null) {
                rows.add(new Row(name, notRun(results.targets().get(i), scenario), false, false, List.of()));
                continue;
            }
            if (!s.ok()) {
                rows.add(new Row(
                        name,
                        "failed: " + s.outcome().failure(),
                        true,
                        s.client().clientBound(),
                        List.of()));
                continue;
            }
            List<Cell> cells = new ArrayList<>();
            cells.add(new Cell(
                    Format.requestsPerSecond(s.requestsPerSecond()),
                    Format.interval(s.rate().requestsPerSecond(), Format::requestsPerSecond)));
            cells.add(Cell.of(Format.ratio(s.rate().relativeToBest(), s.rate().tiedWithBest())));
            if (withNginx) {
                cells.add(Cell.of(Format.ratio(s.rate().relativeToNginx())));
            }
            Latency latency = s.latency();
            String cellKind = kinds.size() > 1 && latency != null ? " (" + latency.kind() + ")" : "";
            cells.add(latencyCell(s.timing().p50(), latency == null ? null : latency.p50(), cellKind));
            cells.add(latencyCell(s.timing().p99(), latency == null ? null : latency.p99(), cellKind));
            cells.add(Cell.of(latency == null ? Format.NONE : Format.micros(latency.p999()) + cellKind));
            cells.add(new Cell(
                    Format.cpuMicros(s.cpuMicrosPerRequest()),
                    Format.interval(s.server().cpuMicrosPerRequest(), Format::cpuMicros)));
            if (tls) {
                cells.addAll(handshakeCells(s.tls()));
            }
            if (database) {
                cells.add(Cell.of(Format.count(s.databasePoolConnections())));
                cells.add(
                        s.database() == null
                                ? Cell.of(Format.NONE)
                                : new Cell(
                                        Format.cpuMicros(s.databaseCpuMicrosPerRequest()),
                                        Format.interval(s.database().cpuMicrosPerRequest(), Format::cpuMicros)));
            }
            if (vsCeiling) {
                cells.add(Cell.of(Format.ratio(DatabaseShare.ofCeiling(results, scenario, s))));
            }
            if (connections) {
                cells.add(Cell.of(
                        connections(s.database() == null ? null : s.database().connections())));
            }
            DatabaseChecks checks = s.databaseChecks();
            boolean wrong = checks != null && checks.failed();
            if (checked) {
                cells.add(Cell.of(checks(checks)));
            }
            cells.add(Cell.of(Format.percent(s.server().serverCpuPercent())));
            cells.add(new Cell(
                    Format.mebibytes(s.rssPeakBytes()),
                    Format.interval(s.server().rssPeakBytes(), b -> Format.mebibytes(Math.round(b)))));
            cells.add(Cell.of(Format.count(s.server().threadsPeak())));
            boolean unserved = s.connectionFigures().connectionsServed() != null
                    && s.connectionFigures().connectionsServed()
                            < s.connectionFigures().connections();
            cells.add(Cell.of(Format.served(
                            s.connectionFigures().connectionsServed(),
                            s.connectionFigures().connections())
                    + (unserved ? " " + UNSERVED : "")));
            cells.add(Cell.of(Format.count(s.connectionFigures().timeouts())));
            cells.add(Cell.of(Format.count(s.connectionFigures().errors())));
            cells.add(Cell.of(Format.percent(s.client().clientCpuPercent())));
            cells.add(Cell.of(limits(s, unserved)));
            anyBound |= s.client().clientBound();
            anyUnserved |= unserved;
            rows.add(new Row(name, null, false, s.client().clientBound(), List.copyOf(cells), wrong));
        }

        List<String> footnotes = new ArrayList<>(latencyNotes);
        if (tls) {
            footnotes.add(TLS_NOTE);
        }
        if (database) {
            footnotes.add(DATABASE_NOTE);
        }
        if (connections || checked) {
            footnotes.add(CHECKS_NOTE);
        }
        String ceiling = DatabaseShare.ceilingLine(results, scenario);
        if (database && ceiling != null) {
            footnotes.add(ceiling + "; vs pgbench: a row's world reads per second as a share of it.");
        }
        if (anyBound) {
            footnotes.add(clientBoundNote(results, scenario));
        }
        if (anyUnserved) {
            footnotes.add(UNSERVED + " served: connections that completed at least one response in the recorded window,"
                    + " of those the client kept open. The rest were starved by the model: no error says so in wrk,"
                    + " the timeouts here do.");
        }
        List<String> rankings = new ArrayList<>();
        for (Ranking.By by : Ranking.By.values()) {
            String line = Ranking.line(summaries, by);
            if (line != null) {
                rankings.add(line);
            }
        }
        return new ScenarioTable(
                scenario, List.copyOf(columns), List.copyOf(rows), List.copyOf(rankings), List.copyOf(footnotes));
    }

    /** What a TLS scenario's own columns are, under its table. */
    static final String TLS_NOTE = "handshakes/s: TLS handshakes the client completed per second of the window (a"
            + " keep-alive window has next to none: its connections shook hands before it); resumed: the share of"
            + " them that resumed a session; handshake p50: from the TCP connection's establishment to the"
            + " handshake's end; server CPU µs/handshake: the server's CPU time over the window per handshake (with a"
            + " new connection per request it holds that request's work too: compare it with µs/req). See"
            + " docs/tls.md.";

    /** What a database scenario's own column is, under its table. */
    static final String DATABASE_NOTE = "database pool: the connections the model's JVM holds to the database"
            + " (--db-pool, else what its design implies); database CPU µs/req: PostgreSQL's CPU time over the window (its postmaster and"
            + " every backend, from /proc, as the server's) per request; add it to the server's for what a request"
            + " costs the machine. See docs/database.md.";

    /** What a database scenario's connections and checks are, under its table. */
    static final String CHECKS_NOTE = "db connections: the client backends of the benchmark database (their process"
            + " titles, or pg_stat_activity for a database elsewhere), sampled 5 times a second over the window: the mean and most running a statement, and the most open;"
            + " answers checked: answers sampled beside the load (one every 100 ms, on a connection of the probe's own)"
            + " and held to what the tables hold, with the first wrong one's reason; under /updates the rows one"
            + " request wrote are read back after the load (" + WRONG + ": a wrong answer or a row not written)."
            + " See docs/database.md.";

    /** {@code 3.2 / 8, 8 open}: a row's database connections in use, or none. */
    static String connections(DatabaseConnections c) {
        return c == null
                ? Format.NONE
                : String.format(Locale.ROOT, "%.1f / %d, %d open", c.activeMean(), c.activeMax(), c.openMax());
    }

    /** {@code 0 of 40}, or {@code ✗ 3 of 40: reason}; the updates read back and their tuples after it. */
    static String checks(DatabaseChecks c) {
        if (c == null) {
            return Format.NONE;
        }
        StringBuilder text = new StringBuilder();
        if (c.failed()) {
            text.append(WRONG).append(' ');
        }
        text.append(c.wrong()).append(" of ").append(c.sampled());
        if (c.unanswered() > 0) {
            text.append(", ").append(c.unanswered()).append(" unanswered");
        }
        if (c.updates() != null) {
            DatabaseChecks.UpdatesWritten u = c.updates();
            text.append(u.readBack() == null ? "; not read back" : u.readBack() ? "; written" : "; NOT written");
            text.append(String.format(
                    Locale.ROOT,
                    ", %,d of %s%,d tuples",
                    u.tuplesUpdated(),
                    u.statsCaughtUp() ? "" : "≥ ",
                    u.tuplesExpected()));
        }
        if (c.firstWrong() != null) {
            text.append(": ").append(c.firstWrong());
        } else if (c.updates() != null && c.updates().notWritten()) {
            text.append(": ").append(c.updates().reason());
        }
        if (c.note() != null) {
            text.append(" (").append(c.note()).append(')');
        }
        return text.toString();
    }

    /** A TLS row's handshakes/s, resumed share, median handshake time and server CPU per handshake. */
    static List<Cell> handshakeCells(Handshakes h) {
        if (h == null) {
            return List.of(Cell.of(Format.NONE), Cell.of(Format.NONE), Cell.of(Format.NONE), Cell.of(Format.NONE));
        }
        Double resumed = h.resumedShare();
        return List.of(
                Cell.of(Format.requestsPerSecond(h.perSecond())),
                Cell.of(resumed == null ? Format.NONE : Format.percent(100 * resumed)),
                Cell.of(Format.micros(h.p50Micros())),
                Cell.of(Format.cpuMicros(h.serverCpuMicrosPerHandshake())));
    }

    /** Whether any target is nginx, by name or kind: then every table has a "vs nginx" column. */
    static boolean hasNginx(Results results) {
        return results.targets().stream()
                .anyMatch(t ->
                        t.kind() == TargetKind.NGINX || TargetKind.NGINX.label().equals(t.name()));
    }

    /** Cores the client could use in this scenario, from its cells; 0 when no cell says. */
    static int clientCores(Results results, Scenario scenario) {
        for (CellResult cell : results.cells()) {
            if (cell.id().scenarioId().equals(scenario.id()) && cell.usage().client() != null) {
                return cell.usage().client().cores();
            }
        }
        return 0;
    }

    /** The client-bound threshold in words: {@code 95 % of its 1 core}. */
    static String clientBoundThreshold(Results results, Scenario scenario) {
        int cores = clientCores(results, scenario);
        String of = cores == 0 ? "of its cores" : "of its " + cores + (cores == 1 ? " core" : " cores");
        return String.format(
                Locale.ROOT, "%.0f %% %s", results.conditions().client().clientBoundAt() * 100, of);
    }

    private static String clientBoundNote(Results results, Scenario scenario) {
        return CLIENT_BOUND + ": the load client used at least " + clientBoundThreshold(results, scenario)
                + "; requests/s and latency then measure the client as much as the server. Server CPU µs/req"
                + " is the fair comparison there.";
    }

    /** The detail of a figure that has an interval. */
    static final String INTERVAL = "95 % interval";

    /**
     * A latency percentile: the median over the forks with their interval, or the merged histogram's for a run
     * without per-fork figures.
     */
    private static Cell latencyCell(Estimate overForks, Long merged, String kind) {
        if (overForks == null) {
            return Cell.of(merged == null ? Format.NONE : Format.micros(merged) + kind);
        }
        return new Cell(Format.micros(overForks.value()) + kind, Format.interval(overForks, Format::micros));
    }

    private static String limits(Summary s, boolean unserved) {
        List<String> limits = new ArrayList<>();
        if (s.client().clientBound()) {
            limits.add(CLIENT_BOUND);
        }
        if (unserved) {
            int starved =
                    s.connectionFigures().connections() - s.connectionFigures().connectionsServed();
            limits.add(UNSERVED + " " + starved + " never served");
        }
        if (s.outcome().okRepetitions() < s.outcome().repetitions()) {
            String failure = s.outcome().failure() == null
                    ? ""
                    : ", failed: " + s.outcome().failure();
            limits.add(s.outcome().okRepetitions() + " of " + s.outcome().repetitions() + " forks" + failure);
        }
        if (s.databaseChecks() != null && s.databaseChecks().failed()) {
            limits.add(WRONG + " wrong answers: " + s.databaseChecks().wrong() + " of "
                    + s.databaseChecks().sampled());
        }
        if (s.outcome().profiledWith() != null) {
            limits.add(WhyTable.PROFILED + " (" + s.outcome().profiledWith()
                    + "): the profiler's samples cost the server CPU");
        }
        return String.join("; ", limits);
    }

    /** {@code p50, p99, p99.9 (raw): from the write of ...}: the data's own words for what was timed. */
    private static String latencyNote(Latency latency) {
        String description = latency.description() == null ? "" : latency.description();
        // The load client's descriptions may open with the kind itself ("raw: from ..."); say it once.
        String prefix = latency.kind() + ": ";
        if (description.startsWith(prefix)) {
            description = description.substring(prefix.length());
        }
        return "p50, p99, p99.9 (" + latency.kind() + "): " + description + (description.endsWith(".") ? "" : ".");
    }
}
