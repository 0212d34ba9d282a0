package io.httpmodels.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

/** The arithmetic the benchmark scripts call, through the command line they use. */
class StatsCommandTest {

    private static CliRun run(String stdin, String... args) {
        return CliRun.of(
                cli -> {
                    CommandLine stats = cli.getSubcommands().get("stats");
                    StatsCommand.Pairs pairs =
                            stats.getSubcommands().get("pairs").getCommand();
                    StatsCommand.Median median =
                            stats.getSubcommands().get("median").getCommand();
                    pairs.in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
                    median.in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
                },
                args);
    }

    @Test
    void pairsPrintsMediansAndBothRatiosPerKeyInOrder() {
        String rounds = """
                c40 1 nginx 100
                c40 1 netty 110
                c40 2 netty 66
                c40 2 nginx 60
                c40 3 nginx 140
                c40 3 netty 154
                p16 1 nginx 10
                p16 1 netty 40
                """;
        CliRun r = run(rounds, "stats", "pairs", "--a", "nginx", "--b", "netty");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("c40 100.0000 110.0000 1.1000 1.1000 3\np16 10.0000 40.0000 4.0000 4.0000 1\n", r.out());
    }

    @Test
    void pairsRefusesARoundWithOneSideMissingOrAStranger() {
        CliRun missing = run("c40 1 nginx 100\n", "stats", "pairs", "--a", "nginx", "--b", "netty");
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("c40 round 1 lacks a value of netty"), missing.err());
        CliRun stranger = run("c40 1 apache 100\n", "stats", "pairs", "--a", "nginx", "--b", "netty");
        assertEquals(2, stranger.exitCode());
        assertTrue(stranger.err().contains("neither nginx nor netty"), stranger.err());
        CliRun garbage = run("c40 one nginx 100\n", "stats", "pairs", "--a", "nginx", "--b", "netty");
        assertEquals(2, garbage.exitCode());
    }

    @Test
    void cpuPerRequestAndMedian() {
        CliRun cpu = run("", "stats", "cpu-per-request", "70", "100", "100000");
        assertEquals("7.00\n", cpu.out());
        assertEquals(
                "0.00\n", run("", "stats", "cpu-per-request", "70", "100", "0").out());
        assertEquals(2, run("", "stats", "cpu-per-request", "70", "0", "1").exitCode());
        assertEquals("2.5000\n", run("", "stats", "median", "4", "1", "3", "2").out());
        assertEquals("3.0000\n", run("5\n1 3\n\n", "stats", "median").out());
        assertEquals(2, run("", "stats", "median").exitCode());
        assertEquals(2, run("1 x\n", "stats", "median").exitCode());
    }
}
