package io.httpmodels.harness.report;

import io.httpmodels.harness.results.DatabaseChecks;
import io.httpmodels.harness.results.DatabaseConnections;
import io.httpmodels.harness.results.Estimate;
import io.httpmodels.harness.results.Handshakes;
import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.TargetInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The compact table a run ends with on the terminal: per scenario, one fixed-width line per target, within
 * {@value #WIDTH} columns. The full figures are in {@code report.md}. Stateless.
 */
public final class TextTable {

    /** The terminal's short mark of a client-bound row ({@link ScenarioTable#CLIENT_BOUND} in the reports). */
    static final String CLIENT_BOUND = "‡";

    /** Lines are cut at this many characters. */
    static final int WIDTH = 120;

    private static final List<String> HEADERS =
            List.of("target", "req/s", "rel", "p50", "p99", "µs/req", "RSS", "served", "t/o", "err", "client", "");

    /** Left-aligned columns: the target and the limits; every other column is a figure. */
    private static final int LIMITS = HEADERS.size() - 1;

    private TextTable() {}

    /** Every scenario's table, then a legend of the abbreviations. */
    public static String render(Results results) {
        List<List<List<String>>> tables = new ArrayList<>();
        for (Scenario scenario : results.scenarios()) {
            tables.add(rows(results, scenario));
        }
        int[] widths = new int[HEADERS.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = HEADERS.get(i).length();
        }
        for (List<List<String>> table : tables) {
            for (List<String> row : table) {
                if (row.size() == HEADERS.size()) {
                    for (int i = 0; i < row.size(); i++) {
                        widths[i] = Math.max(widths[i], row.get(i).length());
                    }
                }
            }
        }

        // Two spaces between columns, or one between figures where two would not fit the terminal (a run of noisy
        // forks, whose figures carry wide intervals).
        String gap = tableWidth(widths, "  ") <= WIDTH ? "  " : " ";
        StringBuilder out = new StringBuilder();
        for (int t = 0; t < tables.size(); t++) {
            Scenario scenario = results.scenarios().get(t);
            out.append(cut(scenario.title() + "  [" + scenario.id() + "]" + forks(results, scenario)))
                    .append('\n');
            out.append(line(HEADERS, widths, gap)).append('\n');
            for (List<String> row : tables.get(t)) {
                if (row.size() == HEADERS.size()) {
                    out.append(line(row, widths, gap)).append('\n');
                } else {
                    // A row without figures: its target, then why, across the figures' columns.
                    out.append(cut(pad(row.get(0), widths[0], false) + "  " + row.get(1)))
                            .append('\n');
                }
            }
            String rankings = rankings(results, scenario);
            if (!rankings.isEmpty()) {
                out.append(rankings);
            }
            out.append('\n');
            if (scenario.isTls()) {
                out.append(handshakes(results, scenario)).append('\n');
            }
            String database = database(results, scenario);
            if (!database.isEmpty()) {
                out.append(database).append('\n');
            }
            WhyTable why = WhyTable.of(results, scenario, false);
            if (why != null) {
                out.append(why(why));
                out.append('\n');
            }
        }
        out.append(wrap("req/s, p50/p99, µs/req, RSS: median over forks, ± its 95 % interval's reach; rel: share of"
                + " the best row, ≈ where not shown to differ from it;"));
        out.append(wrap("p50/p99: " + latencyKinds(results) + "; µs/req: server CPU per request; RSS: peak MiB;"));
        out.append(wrap("served: connections answered / kept open (" + ScenarioTable.UNSERVED
                + " some never answered); t/o: timeouts; err: errors, timeouts included;"));
        out.append(wrap("client: client CPU, % of one core; " + CLIENT_BOUND
                + " client-bound: the client was saturated, compare µs/req there"));
        if (results.scenarios().stream().anyMatch(Scenario::isTls)) {
            out.append(wrap("TLS: hs/s: handshakes per second; resumed: share resumed; hs p50/p99: handshake"
                    + " time; µs/hs: server CPU per handshake (with a new connection per request it holds the"
                    + " request's work too), beside µs/req. docs/tls.md."));
        }
        if (results.summaries().stream().anyMatch(s -> s.database() != null)) {
            out.append(wrap("database: pool: the connections of the model's database pool (--db-pool, else its"
                    + " design's); db µs/req: PostgreSQL's CPU per request (its postmaster and backends, from"
                    + " /proc); server + db: the two together, the cost of a request to the machine; vs pgbench: the /db or /queries rows' world reads per second"
                    + " as a share of what PostgreSQL serves alone (pgbench, the same query, connections and CPUs);"
                    + " active: backends running a statement, mean/max of 5 looks a second at the backends' states; open: most"
                    + " connections open; checked: wrong answers of those sampled beside the load ("
                    + ScenarioTable.WRONG
                    + " some wrong), and under /updates whether the rows read back were written. docs/database.md."));
        }
        for (String warning : warnings(results)) {
            out.append(warning).append('\n');
        }
        if (!WhyTable.all(results, false).isEmpty()) {
            out.append(wrap("why, " + WhyTable.LEGEND + "; " + WhyTable.PARTIAL
                    + " partial (see the note under its table). Sources and blind spots: docs/why.md."));
        }
        return out.toString();
    }

    private static final List<String> DATABASE_HEADERS =
            List.of("target", "pool", "µs/req", "db µs/req", "server + db", "vs pgbench", "active", "open", "checked");

    /**
     * A database scenario's cost in the database beside the server's, one line per target that has it, under its main
     * table; empty when no target's database was measured.
     */
    private static String database(Results results, Scenario scenario) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(DATABASE_HEADERS);
        for (TargetInfo target : results.targets()) {
            Summary s = results.summary(scenario.id(), target.name());
            if (s == null || !s.ok() || s.database() == null) {
                continue;
            }
            Double server = s.cpuMicrosPerRequest();
            Double database = s.databaseCpuMicrosPerRequest();
            DatabaseConnections connections = s.database().connections();
            rows.add(List.of(
                    target.name(),
                    Format.count(s.databasePoolConnections()),
                    Format.withPlusMinus(Format.cpuMicros(server), s.server().cpuMicrosPerRequest()),
                    Format.withPlusMinus(
                            Format.cpuMicros(database), s.database().cpuMicrosPerRequest()),
                    Format.cpuMicros(server == null || database == null ? null : server + database),
                    Format.ratio(DatabaseShare.ofCeiling(results, scenario, s)),
                    connections == null
                            ? Format.NONE
                            : String.format(Locale.ROOT, "%.1f/%d", connections.activeMean(), connections.activeMax()),
                    connections == null ? Format.NONE : Integer.toString(connections.openMax()),
                    checked(s.databaseChecks())));
        }
        if (rows.size() == 1) {
            return "";
        }
        StringBuilder out = new StringBuilder(block("database", scenario, rows));
        String ceiling = DatabaseShare.ceilingLine(results, scenario);
        if (ceiling != null) {
            out.append(wrap("  " + ceiling));
        }
        return out.toString();
    }

    /** {@code 0/40}, {@code ✗ 3/40}; {@code written} or {@code ✗ not written} under /updates. */
    private static String checked(DatabaseChecks c) {
        if (c == null) {
            return Format.NONE;
        }
        String text = (c.wrong() > 0 ? ScenarioTable.WRONG + " " : "") + c.wrong() + "/" + c.sampled();
        if (c.updates() != null) {
            text += c.updates().readBack() == null
                    ? " not read back"
                    : c.updates().readBack() ? " written" : " " + ScenarioTable.WRONG + " not written";
        }
        return text;
    }

    /**
     * A line for each row that answered a database route wrongly or did not write its updates: its target, route,
     * count and first reason. Never left out of a run's text, whatever else is.
     */
    public static List<String> warnings(Results results) {
        List<String> lines = new ArrayList<>();
        for (Scenario scenario : results.scenarios()) {
            for (TargetInfo target : results.targets()) {
                Summary s = results.summary(scenario.id(), target.name());
                DatabaseChecks c = s == null ? null : s.databaseChecks();
                if (c == null || !c.failed()) {
                    continue;
                }
                String what = c.wrong() > 0
                        ? c.wrong() + " of " + c.sampled() + " sampled answers wrong, the first: " + c.firstWrong()
                        : "the rows its updates answered were not written: "
                                + c.updates().reason();
                lines.add("warning: " + target.name() + " " + scenario.route() + " [" + scenario.id() + "]: " + what);
            }
        }
        return lines;
    }

    private static final List<String> TLS_HEADERS =
            List.of("target", "hs/s", "resumed", "hs p50", "hs p99", "µs/hs", "µs/req");

    /** A TLS scenario's handshakes, one line per target that has figures, under its main table. */
    private static String handshakes(Results results, Scenario scenario) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(TLS_HEADERS);
        for (TargetInfo target : results.targets()) {
            Summary s = results.summary(scenario.id(), target.name());
            if (s == null || !s.ok()) {
                continue;
            }
            Handshakes h = s.tls();
            Double resumed = h == null ? null : h.resumedShare();
            rows.add(List.of(
                    target.name(),
                    h == null ? Format.NONE : Format.requestsPerSecond(h.perSecond()),
                    resumed == null ? Format.NONE : Format.percent(100 * resumed),
                    h == null ? Format.NONE : Format.micros(h.p50Micros()),
                    h == null ? Format.NONE : Format.micros(h.p99Micros()),
                    h == null ? Format.NONE : Format.cpuMicros(h.serverCpuMicrosPerHandshake()),
                    Format.cpuMicros(s.cpuMicrosPerRequest())));
        }
        return block("TLS handshakes", scenario, rows);
    }

    /** A block under a scenario's table: its title, then its rows (headings first) in columns, figures right-aligned. */
    private static String block(String title, Scenario scenario, List<List<String>> rows) {
        int[] widths = new int[rows.get(0).size()];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        List<Boolean> numeric = new ArrayList<>();
        for (int i = 0; i < widths.length; i++) {
            numeric.add(i > 0);
        }
        StringBuilder out = new StringBuilder(cut("  " + title + "  [" + scenario.id() + "]")).append('\n');
        for (List<String> row : rows) {
            out.append(whyLine(row, widths, numeric)).append('\n');
        }
        return out.toString();
    }

    /** A why table: its rows in fixed-width columns, then what its partial and missing figures leave out. */
    private static String why(WhyTable t) {
        int columns = t.headers().size();
        int[] widths = new int[columns];
        for (int i = 0; i < columns; i++) {
            widths[i] = t.headers().get(i).length();
        }
        for (List<String> row : t.rows()) {
            if (row.size() == columns) {
                for (int i = 0; i < columns; i++) {
                    widths[i] = Math.max(widths[i], row.get(i).length());
                }
            }
        }
        StringBuilder out =
                new StringBuilder(cut("  why, per request  [" + t.scenario().id() + "]")).append('\n');
        out.append(whyLine(t.headers(), widths, t.numeric())).append('\n');
        for (List<String> row : t.rows()) {
            if (row.size() == columns) {
                out.append(whyLine(row, widths, t.numeric())).append('\n');
            } else {
                out.append(cut(pad(row.get(0), widths[0], false) + "  " + row.get(1)))
                        .append('\n');
            }
        }
        for (String note : t.notes()) {
            if (!note.startsWith("Sources:")) {
                out.append(wrap(note));
            }
        }
        return out.toString();
    }

    private static String whyLine(List<String> cells, int[] widths, List<Boolean> numeric) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                sb.append("  ");
            }
            boolean last = i == cells.size() - 1;
            sb.append(pad(cells.get(i), last ? 0 : widths[i], numeric.get(i)));
        }
        return cut(sb.toString().stripTrailing());
    }

    /** {@code text} in lines of at most {@value #WIDTH} characters, broken between words. */
    static String wrap(String text) {
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > WIDTH) {
                out.append(line).append('\n');
                line = new StringBuilder("  ");
            } else if (line.length() > 0 && !line.toString().equals("  ")) {
                line.append(' ');
            }
            line.append(word);
        }
        return out.append(line).append('\n').toString();
    }

    private static List<List<String>> rows(Results results, Scenario scenario) {
        List<List<String>> rows = new ArrayList<>();
        for (TargetInfo target : results.targets()) {
            Summary s = results.summary(scenario.id(), target.name());
            if (s == null) {
                rows.add(List.of(target.name(), ScenarioTable.notRun(target, scenario)));
            } else if (!s.ok()) {
                rows.add(List.of(target.name(), "failed: " + s.outcome().failure()));
            } else {
                Latency latency = s.latency();
                List<String> limits = new ArrayList<>();
                if (s.client().clientBound()) {
                    limits.add(CLIENT_BOUND);
                }
                if (s.outcome().okRepetitions() < s.outcome().repetitions()) {
                    limits.add(s.outcome().okRepetitions() + "/" + s.outcome().repetitions() + " forks");
                }
                if (s.outcome().profiledWith() != null) {
                    limits.add(WhyTable.PROFILED);
                }
                if (s.databaseChecks() != null && s.databaseChecks().failed()) {
                    limits.add(ScenarioTable.WRONG + " wrong");
                }
                boolean unserved = s.connectionFigures().connectionsServed() != null
                        && s.connectionFigures().connectionsServed()
                                < s.connectionFigures().connections();
                rows.add(List.of(
                        target.name(),
                        Format.withPlusMinus(
                                Format.requestsPerSecondShort(s.requestsPerSecond()),
                                s.rate().requestsPerSecond()),
                        Format.ratio(s.rate().relativeToBest(), s.rate().tiedWithBest()),
                        latencyCell(s.timing().p50(), latency == null ? null : latency.p50()),
                        latencyCell(s.timing().p99(), latency == null ? null : latency.p99()),
                        Format.withPlusMinus(
                                Format.cpuMicros(s.cpuMicrosPerRequest()),
                                s.server().cpuMicrosPerRequest()),
                        Format.withPlusMinus(
                                Format.mebibytes(s.rssPeakBytes()), s.server().rssPeakBytes()),
                        Format.servedShort(
                                        s.connectionFigures().connectionsServed(),
                                        s.connectionFigures().connections())
                                + (unserved ? " " + ScenarioTable.UNSERVED : ""),
                        Format.count(s.connectionFigures().timeouts()),
                        Format.count(s.connectionFigures().errors()),
                        Format.percent(s.client().clientCpuPercent()),
                        String.join(", ", limits)));
            }
        }
        return rows;
    }

    /**
     * A latency percentile over the forks with its interval's reach; a run without per-fork figures (one before
     * forks) shows the merged histogram's.
     */
    private static String latencyCell(Estimate overForks, Long merged) {
        if (overForks == null) {
            return Format.micros(merged);
        }
        return Format.withPlusMinus(Format.micros(overForks.value()), overForks);
    }

    /** {@code "  3 forks"}: how many forks the scenario's rows ran, when more than one. */
    private static String forks(Results results, Scenario scenario) {
        int forks = 0;
        for (TargetInfo target : results.targets()) {
            Summary s = results.summary(scenario.id(), target.name());
            if (s != null) {
                forks = Math.max(forks, s.outcome().repetitions());
            }
        }
        return forks > 1 ? "  " + forks + " forks" : "";
    }

    /** The lines under a scenario's table: the order its intervals support, by requests/s and by CPU. */
    private static String rankings(Results results, Scenario scenario) {
        List<Summary> rows = new ArrayList<>();
        for (TargetInfo target : results.targets()) {
            rows.add(results.summary(scenario.id(), target.name()));
        }
        StringBuilder out = new StringBuilder();
        for (Ranking.By by : Ranking.By.values()) {
            String line = Ranking.line(rows, by);
            if (line != null) {
                out.append(wrap(line));
            }
        }
        return out.toString();
    }

    private static String latencyKinds(Results results) {
        boolean raw = false;
        boolean intended = false;
        for (Scenario s : results.scenarios()) {
            raw |= !s.openLoop();
            intended |= s.openLoop();
        }
        if (raw && intended) {
            return "latency, raw in closed loop, from the intended send in open loop";
        }
        return intended ? "latency from the intended send time" : "raw latency";
    }

    private static String line(List<String> cells, int[] widths, String gap) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                sb.append(i == 1 ? "  " : gap);
            }
            boolean left = i == 0 || i == LIMITS;
            sb.append(pad(cells.get(i), i == LIMITS ? 0 : widths[i], !left));
        }
        return cut(sb.toString().stripTrailing());
    }

    /** The widest line the columns make with {@code gap} between figures (the limits column counted as "  ‡"). */
    private static int tableWidth(int[] widths, String gap) {
        int total = widths[0] + 2;
        for (int i = 1; i < LIMITS; i++) {
            total += widths[i] + (i > 1 ? gap.length() : 0);
        }
        return total + gap.length() + CLIENT_BOUND.length();
    }

    private static String pad(String text, int width, boolean right) {
        if (text.length() >= width) {
            return text;
        }
        String spaces = " ".repeat(width - text.length());
        return right ? spaces + text : text + spaces;
    }

    private static String cut(String text) {
        return text.length() <= WIDTH ? text : text.substring(0, WIDTH - 1) + "…";
    }
}
