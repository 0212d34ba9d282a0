package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.CliRun;
import io.httpmodels.harness.results.CellStatus;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A comparison in which every cell failed (its one model cannot start) completes and writes its reports, and exits
 * {@link CompareCommand#CELLS_FAILED} unless {@code --no-fail-on-failed-cells} asks for 0: a model that stops
 * starting fails the process that ran it, as k6 and JMH do.
 */
@Timeout(120)
class CompareExitCodeTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(textBlock = """
            '',                         3
            --fail-on-failed-cells,     3
            --no-fail-on-failed-cells,  0
            """)
    void aRunWithAFailedCellExitsWithItsOwnCode(String flag, int exitCode, @TempDir Path dir) throws IOException {
        List<String> args = new ArrayList<>(List.of(
                "compare",
                "--profile",
                "quick",
                "--forks",
                "1",
                "--models",
                "test-fails-to-start",
                "--no-pin",
                "--out",
                dir.resolve("run").toString()));
        if (!flag.isEmpty()) {
            args.add(flag);
        }

        CliRun run = CliRun.of(args.toArray(String[]::new));

        assertEquals(exitCode, run.exitCode(), run.out() + run.err());
        Results results = ResultsJson.read(dir.resolve("run/results.json"));
        assertEquals(1, results.cells().size());
        assertEquals(CellStatus.FAILED, results.cells().get(0).status());
        assertTrue(run.out().contains("1 cell(s) failed:"), run.out());
    }
}
