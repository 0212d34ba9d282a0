package io.httpmodels.harness.diff;

import java.util.List;
import java.util.Locale;

/** An {@link Agreement} as text: a summary per figure, the cells' spreads, and the flips. Stateless. */
public final class AgreementReport {

    private AgreementReport() {}

    /** The report of {@code agreement}. */
    public static String text(Agreement agreement) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%d runs of one comparison%n", agreement.runs()));
        for (Agreement.FigureAgreement f : agreement.figures()) {
            out.append(String.format(
                    Locale.ROOT,
                    "%n%s: median spread of the runs' medians %s over %d cells; a run's median inside another's"
                            + " interval %s (%d of %d); intervals covering the other runs' median %s (%d of %d,"
                            + " stated 95 %%); orders claimed %d, reversed by another run %d%n",
                    f.figure().label(),
                    percent(f.medianSpread()),
                    f.cells().size(),
                    percent(f.insideShare()),
                    f.inside(),
                    f.pairs(),
                    percent(f.coverage()),
                    f.covered(),
                    f.intervals(),
                    f.orderedPairs(),
                    f.flips().size()));
            out.append(
                    String.format(Locale.ROOT, "  %-22s %-26s %8s  %s%n", "scenario", "target", "spread", "medians"));
            for (Agreement.CellSpread c : f.cells()) {
                out.append(String.format(
                        Locale.ROOT,
                        "  %-22s %-26s %8s  %s%n",
                        c.scenarioId(),
                        c.target(),
                        percent(c.spread()),
                        medians(c.medians())));
            }
            for (String flip : f.flips()) {
                out.append("  flip: ").append(flip).append('\n');
            }
        }
        return out.toString();
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "–" : String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }

    private static String medians(List<Double> values) {
        StringBuilder sb = new StringBuilder();
        for (double v : values) {
            if (sb.length() > 0) {
                sb.append(" / ");
            }
            sb.append(String.format(Locale.ROOT, v >= 100 ? "%,.0f" : "%.1f", v));
        }
        return sb.toString();
    }
}
