package io.httpmodels.harness.compare;

import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Warmup;
import io.httpmodels.harness.targets.TargetSpec;
import io.httpmodels.load.Progress;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Shows a comparison's progress: a line per cell when it ends (rate, p99, connections served, client CPU), and
 * on a terminal a live line while it runs (cell i of n, target, scenario, elapsed, requests/s now).
 */
final class TerminalProgress implements CompareListener {

    private final PrintWriter out;
    private final boolean live;
    private final long startNanos = System.nanoTime();
    private String current = "";

    TerminalProgress(PrintWriter out, boolean live) {
        this.out = out;
        this.live = live;
    }

    @Override
    public void cellStarted(int index, int total, TargetSpec target, Scenario scenario, int fork) {
        current = String.format(
                Locale.ROOT, "[%2d/%d] %-22s %-28s fork %d", index, total, target.name(), scenario.id(), fork);
        if (live) {
            out.print("\r\033[K" + current + "  starting");
            out.flush();
        }
    }

    @Override
    public void warming(double seconds) {
        if (live) {
            out.print(String.format(Locale.ROOT, "\r\033[K%s  warming up %4.1fs%s", current, seconds, elapsed()));
            out.flush();
        }
    }

    @Override
    public void progress(Progress p) {
        if (!live) {
            return;
        }
        String now = p.warmingUp()
                ? "warming up"
                : String.format(
                        Locale.ROOT, "%4.1fs %,10.0f req/s", p.elapsedNanos() / 1e9, p.intervalRequestsPerSecond());
        out.print("\r\033[K" + current + "  " + now + elapsed());
        out.flush();
    }

    @Override
    public void cellFinished(int index, int total, CellResult r) {
        String figures;
        if (r.ok()) {
            figures = String.format(
                    Locale.ROOT,
                    "%,10.0f req/s  p99 %s  served %d/%d  timeouts %d  client CPU %.0f %%%s  warm %s",
                    r.requestsPerSecond(),
                    micros(r.latency().p99()),
                    r.figures().connectionCounts().connectionsServed(),
                    r.figures().connectionCounts().connections(),
                    r.errors("timeout"),
                    r.usage().client().cpuPercent(),
                    r.usage().client().bound() ? " (client-bound)" : "",
                    warmed(r.diagnostics().warmup()));
        } else {
            figures = "FAILED: " + r.failure();
        }
        out.print((live ? "\r\033[K" : "") + current + "  " + figures + elapsed() + "\n");
        out.flush();
    }

    @Override
    public void note(String message) {
        out.print((live ? "\r\033[K" : "") + "  " + message + "\n");
        out.flush();
    }

    /** A warm-up's length; "!" marks one cut at the longest allowed before the server settled. */
    static String warmed(Warmup w) {
        return w == null
                ? "-"
                : String.format(Locale.ROOT, "%.1fs%s", w.seconds(), w.settled() || w.seconds() == 0 ? "" : "!");
    }

    private String elapsed() {
        return String.format(Locale.ROOT, "  [%.0fs]", (System.nanoTime() - startNanos) / 1e9);
    }

    private static String micros(long us) {
        return us < 1000 ? us + "us" : String.format(Locale.ROOT, "%.1fms", us / 1e3);
    }
}
