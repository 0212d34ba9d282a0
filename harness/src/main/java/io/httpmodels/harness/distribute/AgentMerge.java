package io.httpmodels.harness.distribute;

import io.httpmodels.harness.merge.Merging;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * Merges the agents' interval logs into one run: the narrow seam between a launcher and the exact merge, so the
 * launcher neither knows nor copies how histograms are added.
 */
@FunctionalInterface
public interface AgentMerge {

    /**
     * Merges {@code hlogs} (one per agent, in agent order) and writes the merged results into {@code outDir}.
     *
     * @return 0 when merged, non-zero otherwise (the reason printed on {@code err})
     */
    int merge(List<Path> hlogs, Path outDir, PrintWriter out, PrintWriter err);

    /**
     * The exact merge ({@link Merging}): {@code OUT/merged.json} and the reports in {@code OUT}, as
     * {@code httpmodels merge --json OUT/merged.json --out OUT HLOG...} writes them.
     */
    static AgentMerge exact() {
        return (hlogs, outDir, out, err) -> Merging.merge(
                hlogs,
                outDir.resolve("merged.json"),
                outDir,
                "httpmodels distribute (the merge of " + hlogs.size() + " agents' logs)",
                out,
                err);
    }
}
