package io.httpmodels.harness.merge;

import io.httpmodels.harness.report.ReportWriter;
import io.httpmodels.harness.results.AtomicFiles;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The merge of several load agents' interval logs, as {@code httpmodels merge} and the launchers of
 * {@code distribute} run it: add them exactly ({@link Merge}), print the summary, write what was asked.
 */
public final class Merging {

    private Merging() {}

    /**
     * Merges {@code hlogs} and prints the total and one line per agent on {@code out}.
     *
     * @param json    where to write the merged figures as JSON, or null
     * @param report  where to write results.json, report.md and report.html, or null
     * @param command the command line that asked, for the report's conditions
     * @return 0 when merged, 1 when an output could not be written, 2 when the logs cannot be merged (the reason
     *         printed on {@code err})
     */
    public static int merge(
            List<Path> hlogs, Path json, Path report, String command, PrintWriter out, PrintWriter err) {
        MergedRun run;
        try {
            run = Merge.files(hlogs);
        } catch (MergeException e) {
            err.println("httpmodels merge: " + e.getMessage());
            err.flush();
            return 2;
        }
        out.print(MergeText.render(run));
        try {
            if (json != null) {
                AtomicFiles.write(json, MergeJson.render(run));
                out.println("wrote " + json);
            }
            if (report != null) {
                for (Path p : ReportWriter.writeAll(MergeResults.of(run, command), report)) {
                    out.println("wrote " + p);
                }
            }
        } catch (IOException e) {
            err.println("httpmodels merge: cannot write: " + e);
            err.flush();
            return 1;
        } finally {
            out.flush();
        }
        return 0;
    }
}
