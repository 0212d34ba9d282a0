package io.httpmodels.harness.history;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The history's summary in Markdown, for a CI job summary: per machine, its last runs by commit (how many runs
 * each commit's point holds) with the gate's verdicts,
 * and where the latest run's figures stand among the runs before it (median and range). Stateless.
 */
public final class HistoryMarkdown {

    private static final List<Figure> COLUMNS = List.of(Figure.values());

    private HistoryMarkdown() {}

    /** The summary of a view (its machines and their last runs). */
    public static String render(HistoryView view) {
        StringBuilder md = new StringBuilder("# httpmodels history\n\n");
        if (view.machines().isEmpty()) {
            return md.append("The history holds no runs yet.\n").toString();
        }
        for (HistoryView.Machine m : view.machines()) {
            machine(md, m);
        }
        return md.toString();
    }

    private static void machine(StringBuilder md, HistoryView.Machine m) {
        md.append("## ").append(m.machine().id()).append("\n\n");
        md.append(m.machine().describe()).append(" · the last ").append(m.runs().size());
        md.append(m.runs().size() == 1 ? " run" : " runs");
        md.append(" at ").append(m.points().size()).append(m.points().size() == 1 ? " commit" : " commits");
        md.append(
                " (a commit is one point on the charts; `runs`: how many runs it holds, drawn there as a spread)\n\n");
        md.append("| # | commit | runs | started | kind | gate |\n|--:|---|--:|---|---|---|\n");
        for (int i = m.points().size() - 1; i >= 0; i--) {
            HistoryView.Point point = m.points().get(i);
            List<HistoryRun> runs = point.runs();
            md.append("| ")
                    .append(i + 1)
                    .append(" | `")
                    .append(point.shortCommit())
                    .append("` | ")
                    .append(runs.size())
                    .append(" | ")
                    .append(runs.get(0).startedAt());
            if (runs.size() > 1) {
                md.append(" … ").append(runs.get(runs.size() - 1).startedAt());
            }
            md.append(" | ")
                    .append(runs.stream().map(r -> r.kind().label()).distinct().collect(Collectors.joining(", ")))
                    .append(" | ");
            md.append(runs.stream()
                            .map(HistoryPage::gate)
                            .filter(g -> !g.isEmpty())
                            .collect(Collectors.joining(", ")))
                    .append(" |\n");
        }
        md.append('\n');
        HistoryRun latest = m.runs().get(m.runs().size() - 1);
        List<HistoryRun> before =
                Standing.sameKind(latest, m.runs().subList(0, m.runs().size() - 1));
        if (before.isEmpty()) {
            md.append("No ").append(latest.kind().label()).append(" run before the latest to hold it against.\n\n");
            return;
        }
        md.append("Latest run `")
                .append(latest.shortCommit())
                .append("` against the ")
                .append(before.size());
        md.append(' ').append(latest.kind().label()).append(before.size() == 1 ? " run" : " runs");
        md.append(" before it: value, then their median and range.");
        md.append(" Weaker evidence than the gate's same-run A/B: the drift between runs is in the range.\n\n");
        standings(md, latest, before);
    }

    /**
     * Where a run measured now stands within the history, for {@code regress --baseline --history}: its figures
     * against the last runs of its machine and kind, labelled as weaker evidence than a same-run A/B.
     *
     * @param run     the run measured now (a regress run's candidate)
     * @param history every run of the history, oldest first
     * @param last    how many of the machine's latest runs before {@code run} to hold it against
     */
    public static String within(HistoryRun run, List<HistoryRun> history, int last) {
        List<HistoryRun> mine = history.stream()
                .filter(r -> r.machine().equals(run.machine()) && r.kind() == run.kind())
                .filter(r -> r.startedAt().isBefore(run.startedAt()))
                .toList();
        List<HistoryRun> before = mine.subList(Math.max(0, mine.size() - last), mine.size());
        StringBuilder md = new StringBuilder("\n### Within the history\n\n");
        if (before.isEmpty()) {
            return md.append("The history holds no earlier ")
                    .append(run.kind().label())
                    .append(" run of this machine (")
                    .append(run.machine().id())
                    .append(").\n")
                    .toString();
        }
        md.append("The candidate's figures against the last ")
                .append(before.size())
                .append(' ');
        md.append(run.kind().label())
                .append(before.size() == 1 ? " run" : " runs")
                .append(" of this machine (")
                .append(run.machine().id());
        md.append(", ").append(before.get(0).startedAt()).append(" to ");
        md.append(before.get(before.size() - 1).startedAt()).append("): value, then their median and range.");
        md.append(" Weaker evidence than the verdict above, and than a same-run A/B (--base): the runs were measured");
        md.append(" at other times, so the machine's drift between them is in the range, not cancelled.\n\n");
        standings(md, run, before);
        return md.toString();
    }

    private static void standings(StringBuilder md, HistoryRun latest, List<HistoryRun> before) {
        md.append("| scenario | target |");
        COLUMNS.forEach(f ->
                md.append(' ').append(f.title()).append(" (").append(f.unit()).append(") |"));
        md.append("\n|---|---|");
        COLUMNS.forEach(f -> md.append("--:|"));
        md.append('\n');
        List<Standing> standings = Standing.of(latest, before);
        for (RunFigures figures : latest.figures()) {
            md.append("| ")
                    .append(figures.scenarioId())
                    .append(" | ")
                    .append(figures.target())
                    .append(" |");
            for (Figure figure : COLUMNS) {
                Standing s = standings.stream()
                        .filter(x -> x.scenarioId().equals(figures.scenarioId())
                                && x.target().equals(figures.target())
                                && x.figure() == figure)
                        .findFirst()
                        .orElse(null);
                md.append(' ').append(s == null ? "–" : cell(s)).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
    }

    /** {@code 98,000 · 97,500 [95,000–99,000]}, with ↓ or ↑ when outside the range. */
    static String cell(Standing s) {
        String value = number(s.value());
        if (s.past() == null) {
            return value;
        }
        String mark = switch (s.position()) {
            case BELOW -> " ↓";
            case ABOVE -> " ↑";
            case WITHIN -> "";
        };
        return value + mark + " · " + number(s.past().median()) + " ["
                + number(s.past().min()) + "–" + number(s.past().max()) + "]";
    }

    static String number(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }
}
