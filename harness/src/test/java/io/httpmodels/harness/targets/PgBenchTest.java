package io.httpmodels.harness.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.httpmodels.harness.process.ChildServer.StartFailure;
import org.junit.jupiter.api.Test;

import java.util.List;

class PgBenchTest {

    @Test
    void theScriptsRowsAreReadAndItsHeadingAndNotesAreNot() throws StartFailure {
        String out = """
                pgbench: TechEmpower's single query, prepared; database on CPUs 0, pgbench on CPUs 1; 1 s warm-up
                 clients    queries/s   latency ms   db µs/query  pgbench CPU
                       1          760        1.315          124.9           7%
                      40        16577        2.413           57.1          41%
                """;
        assertEquals(
                List.of(new PgBench.Run(1, 760, 1.315, 124.9), new PgBench.Run(40, 16_577, 2.413, 57.1)),
                PgBench.parse(out));
    }

    @Test
    void outputWithoutARowIsAFailureSayingWhatItPrinted() {
        StartFailure e = assertThrows(StartFailure.class, () -> PgBench.parse("pgbench.sh: no progress reports\n"));
        assertEquals("pgbench.sh printed no figures: pgbench.sh: no progress reports", e.getMessage());
    }
}
