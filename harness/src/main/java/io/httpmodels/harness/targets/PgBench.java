package io.httpmodels.harness.targets;

import io.httpmodels.harness.process.ChildServer.StartFailure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The database's own ceiling, measured by {@code scripts/db/pgbench.sh --cluster} on a running {@link PostgresCluster}:
 * TechEmpower's {@code /db} query as a prepared statement from pgbench, no HTTP server in front, the database's CPU read
 * over the measured seconds. Stateless.
 */
public final class PgBench {

    /** One client count's figures, as the script prints them. */
    public record Run(int clients, double queriesPerSecond, double latencyMillis, double databaseMicrosPerQuery) {}

    /** A row of the script's table: clients, queries/s, mean latency in ms, db µs/query, pgbench's CPU. */
    private static final Pattern ROW = Pattern.compile("\\s*(\\d+)\\s+(\\d+)\\s+([0-9.]+)\\s+([0-9.]+)\\s+\\S+\\s*");

    /** Connecting, the warm-up and the measured seconds, per client count, with room for a busy machine. */
    private static final Duration BOUND_PER_COUNT = Duration.ofSeconds(90);

    private PgBench() {}

    /**
     * Runs pgbench against {@code cluster} once per client count of {@code clients}, each warmed for {@code warmup}
     * and measured for {@code measured}, pgbench pinned to {@code clientCpus} (none when empty).
     *
     * @throws StartFailure with the script's words when it cannot run (pgbench missing, the cluster gone)
     */
    public static List<Run> measure(
            Path projectRoot,
            PostgresCluster cluster,
            List<Integer> clients,
            Duration warmup,
            Duration measured,
            List<Integer> clientCpus)
            throws StartFailure {
        List<String> command = new ArrayList<>(List.of(
                projectRoot.resolve("scripts/db/pgbench.sh").toString(),
                "--cluster",
                cluster.folder().toString(),
                "-c",
                clients.stream().map(String::valueOf).collect(Collectors.joining(",")),
                "--warmup",
                String.valueOf(Math.max(1, warmup.toSeconds())),
                "-d",
                String.valueOf(Math.max(1, measured.toSeconds()))));
        if (!clientCpus.isEmpty()) {
            command.addAll(List.of(
                    "--client-cpus", clientCpus.stream().map(String::valueOf).collect(Collectors.joining(","))));
        }
        return parse(ScriptRun.run(command, BOUND_PER_COUNT.multipliedBy(clients.size())));
    }

    /** The rows of the script's output; a line that is not one is its heading or its note. */
    static List<Run> parse(String output) throws StartFailure {
        List<Run> runs = new ArrayList<>();
        for (String line : output.split("\\R")) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                runs.add(new Run(
                        Integer.parseInt(m.group(1)),
                        Double.parseDouble(m.group(2)),
                        Double.parseDouble(m.group(3)),
                        Double.parseDouble(m.group(4))));
            }
        }
        if (runs.isEmpty()) {
            throw new StartFailure(String.format(Locale.ROOT, "pgbench.sh printed no figures: %s", output.trim()));
        }
        return runs;
    }
}
