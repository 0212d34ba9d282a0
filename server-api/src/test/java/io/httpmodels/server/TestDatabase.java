package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.httpmodels.server.db.DatabaseSettings;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A throw-away PostgreSQL cluster for a kit, made by {@code scripts/db/postgres.sh} as a user makes one (the harness's
 * {@code PostgresCluster} is the same script run by a comparison): TechEmpower's data set on a free loopback port,
 * stopped and deleted by {@link #close()} or, failing that, when the test JVM exits. Without PostgreSQL installed the
 * test is skipped and says so, except under {@code CI=true}, where it fails: {@code .ci/run} installs it.
 */
public final class TestDatabase implements AutoCloseable {

    /** initdb, the start and the data's load: seconds on an idle machine, bounded for a busy one. */
    private static final long SCRIPT_BOUND_SECONDS = 150;

    /**
     * The ports a kit's cluster takes one of at random, below Linux's ephemeral range (32768 and up), so that no
     * client socket takes it while the cluster is stopped; and not the script's default, the first free port from
     * 15432: kits of modules built side by side each stop and restart their cluster, and a cluster started meanwhile
     * took the stopped one's port as its first free one (its kit then found the database "down" answering 200).
     */
    private static final int PORTS_FROM = 20_000;

    private static final int PORTS_TO = 30_000;

    private final Path script;
    private final Path folder;
    private final String jdbcUrl;
    private final Thread cleanup;

    private TestDatabase(Path script, Path folder, String jdbcUrl) {
        this.script = script;
        this.folder = folder;
        this.jdbcUrl = jdbcUrl;
        this.cleanup = new Thread(this::stopQuietly, "test-database-stop");
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /** Makes and starts a cluster, or skips the calling test (fails it under {@code CI=true}) without PostgreSQL. */
    public static TestDatabase startOrSkip() throws IOException, InterruptedException {
        Path root = projectRoot();
        Path script = root.resolve("scripts/db/postgres.sh");
        boolean installed;
        try (var versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            installed = versions.anyMatch(v -> Files.isExecutable(v.resolve("bin/initdb")));
        } catch (IOException e) {
            installed = false;
        }
        if (!installed && "true".equals(System.getenv("CI"))) {
            fail("CI must run the database kit: PostgreSQL is not installed (scripts/peers/install.sh --db)");
        }
        assumeTrue(installed, "skipped: PostgreSQL is not installed (scripts/peers/install.sh --db installs it)");
        Path folder = Files.createTempDirectory("httpmodels-db-kit-");
        // Run as root, the cluster runs as the postgres user, which must reach its folder.
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        String out = run(List.of(
                script.toString(),
                "start",
                folder.resolve("cluster").toString(),
                "--port",
                String.valueOf(freePortAtRandom())));
        String[] lines = out.trim().split("\\R");
        String last = lines[lines.length - 1].trim();
        if (!last.startsWith("jdbc:postgresql://")) {
            throw new IOException("postgres.sh said '" + out.trim() + "', not 'JDBC-URL PID'");
        }
        return new TestDatabase(script, folder, last.split("\\s+")[0]);
    }

    /** A port in [{@link #PORTS_FROM}, {@link #PORTS_TO}) that nothing listens on now, drawn at random. */
    private static int freePortAtRandom() throws IOException {
        for (int tries = 0; tries < 100; tries++) {
            int port = ThreadLocalRandom.current().nextInt(PORTS_FROM, PORTS_TO);
            try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return port;
            } catch (IOException taken) {
                // in use: draw another
            }
        }
        throw new IOException("no free port in " + PORTS_FROM + "-" + PORTS_TO + " after 100 draws");
    }

    /** What a model's config takes: this cluster, TechEmpower's user, the model's default pool. */
    public DatabaseSettings settings() {
        return DatabaseSettings.of(jdbcUrl);
    }

    /** A connection of the kit's own, to read what the models wrote. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, DatabaseSettings.DEFAULT_USER, DatabaseSettings.DEFAULT_PASSWORD);
    }

    /** Stops the cluster, keeping its data (the database going away). */
    public void stop() throws IOException, InterruptedException {
        run(List.of(script.toString(), "stop", folder.resolve("cluster").toString()));
    }

    /** Starts it again after {@link #stop()}, on the same port. */
    public void restart() throws IOException, InterruptedException {
        run(List.of(script.toString(), "restart", folder.resolve("cluster").toString()));
    }

    @Override
    public void close() {
        stopQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
            // the JVM is exiting: the hook runs anyway
        }
    }

    private void stopQuietly() {
        try {
            stop();
        } catch (IOException | InterruptedException e) {
            // already stopped, or the JVM is going: nothing to keep
        }
        deleteQuietly(folder);
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        if (!process.waitFor(SCRIPT_BOUND_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + " took over " + SCRIPT_BOUND_SECONDS + " s");
        }
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out.trim());
        }
        return out;
    }

    private static Path projectRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("scripts/db/postgres.sh"))) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "no scripts/db/postgres.sh above " + Path.of("").toAbsolutePath());
    }

    private static void deleteQuietly(Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder: the system cleans it eventually
        }
    }
}
