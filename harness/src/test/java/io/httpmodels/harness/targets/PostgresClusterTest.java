package io.httpmodels.harness.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.harness.process.ProjectRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The database scenarios' PostgreSQL: one real cluster made by {@code scripts/db/postgres.sh}, read over JDBC, and
 * closed by the last test. Without PostgreSQL installed the class is skipped and says so, except under {@code CI=true},
 * where it fails: {@code .ci/run} installs it.
 */
// One cluster for the class: a start (initdb, the server, the data's load) is most of its time. The refusal needs
// none running; the close test, which ends it, runs last.
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PostgresClusterTest {

    private static final Path ROOT = ProjectRoot.find();

    @TempDir
    static Path folder;

    private static PostgresCluster cluster;

    @BeforeAll
    static void startACluster() throws StartFailure, IOException {
        Optional<String> unavailable = PostgresCluster.unavailable(ROOT);
        if (unavailable.isPresent() && "true".equals(System.getenv("CI"))) {
            fail("CI must run the database's tests: " + unavailable.get());
        }
        assumeTrue(unavailable.isEmpty(), () -> "skipped: " + unavailable.orElseThrow());
        // Run as root, the cluster runs as the postgres user, which must reach its folder: JUnit's is closed to others.
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        cluster = PostgresCluster.start(ROOT, folder.resolve("cluster"), List.of(0));
    }

    @AfterAll
    static void stopIt() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void itServesTechEmpowersWorldTableTenThousandRowsOfOneToTenThousand() throws SQLException {
        try (Connection c = connect();
                ResultSet r = c.createStatement()
                        .executeQuery("SELECT count(*), count(DISTINCT id), min(id), max(id), min(randomnumber),"
                                + " max(randomnumber) FROM world")) {
            assertTrue(r.next());
            assertEquals(10_000, r.getInt(1));
            assertEquals(10_000, r.getInt(2));
            assertEquals(1, r.getInt(3));
            assertEquals(10_000, r.getInt(4));
            assertTrue(r.getInt(5) >= 1, "smallest random number " + r.getInt(5));
            assertTrue(r.getInt(6) <= 10_000, "largest random number " + r.getInt(6));
        }
    }

    @Test
    void itServesTheTwelveStandardFortunesWithTheirMarkupAndUnicodeIntact() throws SQLException {
        TreeMap<Integer, String> fortunes = new TreeMap<>();
        try (Connection c = connect();
                ResultSet r = c.createStatement().executeQuery("SELECT id, message FROM fortune")) {
            while (r.next()) {
                fortunes.put(r.getInt(1), r.getString(2));
            }
        }
        assertEquals(12, fortunes.size());
        assertEquals("fortune: No such file or directory", fortunes.get(1));
        assertEquals(
                "<script>alert(\"This should not be displayed in a browser alert box.\");</script>", fortunes.get(11));
        assertEquals("フレームワークのベンチマーク", fortunes.get(12));
        assertEquals("Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen", fortunes.get(6));
    }

    @Test
    void anUpdatedRowIsReadBackByAnotherConnection() throws SQLException {
        try (Connection writer = connect();
                Statement s = writer.createStatement()) {
            assertEquals(1, s.executeUpdate("UPDATE world SET randomnumber = 4242 WHERE id = 77"));
        }
        try (Connection reader = connect();
                ResultSet r = reader.createStatement().executeQuery("SELECT randomnumber FROM world WHERE id = 77")) {
            assertTrue(r.next());
            assertEquals(4242, r.getInt(1));
        }
    }

    @Test
    void aWrongPasswordIsRefused() {
        SQLException refused = assertThrows(
                SQLException.class,
                () -> DriverManager.getConnection(cluster.jdbcUrl(), PostgresCluster.USER, "guess"));
        assertEquals("28P01", refused.getSQLState(), refused.getMessage()); // invalid_password
    }

    @Test
    void thePostmasterAndTheBackendsItForksRunOnTheGivenCpus() throws SQLException, IOException {
        assertEquals("0", allowedCpus(cluster.pid()));
        try (Connection c = connect();
                ResultSet r = c.createStatement().executeQuery("SELECT pg_backend_pid()")) {
            assertTrue(r.next());
            assertEquals("0", allowedCpus(r.getLong(1)), "the connection's backend");
        }
    }

    @Test
    void aFolderThatIsNotEmptyIsRefusedWithTheScriptsReason() throws IOException {
        Path used = Files.createDirectories(folder.resolve("used"));
        Files.writeString(used.resolve("something"), "already here");
        StartFailure refused = assertThrows(StartFailure.class, () -> PostgresCluster.start(ROOT, used, List.of()));
        assertTrue(refused.getMessage().contains("is not empty"), refused.getMessage());
        assertEquals(List.of("something"), list(used), "nothing made in a folder that was refused");
    }

    @Test
    @Order(Integer.MAX_VALUE) // it ends the class's cluster
    void closingStopsTheClusterAndItsBackendsAndNothingElse() throws SQLException, IOException {
        // What a stop that went by name would take too: a process called postgres that is not the cluster's.
        Path bystanderName = Files.createSymbolicLink(folder.resolve("postgres"), Path.of("/bin/sleep"));
        Process bystander = new ProcessBuilder(bystanderName.toString(), "120").start();
        try {
            long backend;
            try (Connection c = connect();
                    ResultSet r = c.createStatement().executeQuery("SELECT pg_backend_pid()")) {
                assertTrue(r.next());
                backend = r.getLong(1);
                cluster.close(); // with the session open: a fast shutdown ends it
            }
            assertFalse(cluster.isRunning(), "the postmaster is gone when close returns");
            assertFalse(ProcessHandle.of(backend).map(ProcessHandle::isAlive).orElse(false), "its backend too");
            cluster.close(); // a second close does nothing
            assertTrue(bystander.isAlive(), "a process named postgres outside the cluster runs on");
        } finally {
            bystander.destroyForcibly();
        }
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(cluster.jdbcUrl(), PostgresCluster.USER, PostgresCluster.PASSWORD);
    }

    private static String allowedCpus(long pid) throws IOException {
        return Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status")).stream()
                .filter(line -> line.startsWith("Cpus_allowed_list:"))
                .map(line -> line.substring(line.indexOf(':') + 1).trim())
                .findFirst()
                .orElseThrow();
    }

    private static List<String> list(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }
}
