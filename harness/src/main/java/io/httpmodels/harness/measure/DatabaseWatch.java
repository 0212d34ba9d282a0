package io.httpmodels.harness.measure;

import io.httpmodels.harness.process.BackendTitle;
import io.httpmodels.harness.process.CpuClock;
import io.httpmodels.harness.process.ProcFs;
import io.httpmodels.harness.results.DatabaseChecks;
import io.httpmodels.harness.results.DatabaseChecks.UpdatesWritten;
import io.httpmodels.harness.results.DatabaseConnections;
import io.httpmodels.server.Route;
import io.httpmodels.server.db.DatabaseAnswers;
import io.httpmodels.server.db.DatabaseAnswers.Verdict;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.db.DatabaseSettings;
import io.httpmodels.server.db.World;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What a database scenario's window checks beside its load, from the client's side: whether the target answers
 * correctly under load, whether {@code /updates} really writes, and how many of the database's connections are in
 * use. Opened before the window's load ({@link #open}: one JDBC connection of the harness's own, a snapshot of the
 * tables), started when recording starts ({@link #start}), finished after the load has stopped ({@link #finish}).
 *
 * <ul>
 *   <li>A probe sends {@code GET route} on a connection of its own every {@link #PROBE_PERIOD}, at most {@code
 *       window / PROBE_PERIOD + 1} requests, each bounded by the run's timeout, and holds each answer to {@link
 *       DatabaseAnswers} against the snapshot ({@code world} does not change in a window but under {@code /updates},
 *       whose answers are held to shape and range only).
 *   <li>A sampler reads the client backends of the benchmark database, its own left out, active and open, every
 *       {@link #SAMPLE_PERIOD}: from their process titles in /proc when this machine runs the database (no work for
 *       the database), else from {@code pg_stat_activity} over the harness's connection.
 *   <li>Under {@code /updates}, once no backend of the server's is running a statement any more (bounded by
 *       {@link #QUIET_BOUND}), one {@code /updates?queries=20} is sent and its rows read back by JDBC; and {@code
 *       n_tup_upd} of {@code world} after the window less before it is held to the requests the load completed
 *       times their rows, waiting for PostgreSQL's lazily flushed statistics at most {@link #STATS_BOUND}.
 * </ul>
 *
 * The probe adds about ten requests a second to the load's thousands, and the sampler five short catalogue queries a
 * second to the database: docs/database.md says what each cost when measured. One window at a time; not thread-safe
 * beyond its own two threads.
 */
final class DatabaseWatch implements AutoCloseable {

    /** How often the probe sends a request. */
    static final Duration PROBE_PERIOD = Duration.ofMillis(100);
    /** How often the connections in use are read. */
    static final Duration SAMPLE_PERIOD = Duration.ofMillis(200);
    /** How long after the load the server's backends may take to finish what they run. */
    static final Duration QUIET_BOUND = Duration.ofSeconds(5);
    /** How long to wait for {@code n_tup_upd} to count the window's updates. */
    static final Duration STATS_BOUND = Duration.ofSeconds(3);
    /** Between two looks at a condition the database decides (its backends quiet, its statistics flushed). */
    static final Duration POLL_INTERVAL = Duration.ofMillis(20);
    /** The rows of the one updates request read back after the load. */
    static final String READ_BACK_ROUTE = "/updates?queries=20";

    private static final String CONNECTIONS = "SELECT count(*), count(*) FILTER (WHERE state = 'active')"
            + " FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            + " AND backend_type = 'client backend'";
    private static final String TUPLES_UPDATED = "SELECT n_tup_upd FROM pg_stat_user_tables WHERE relname = 'world'";

    private final Connection jdbc;
    private final DatabaseAnswers stored;
    private final String route;
    private final URI uri;
    private final Duration timeout;
    private final int maxProbes;
    private final boolean updates;
    private final long tuplesBefore;
    private final long backendPid;
    private final Long postmasterPid;
    private final HttpClient http;
    private final CountDownLatch stop = new CountDownLatch(1);

    // Written by the probe thread, read after it is joined.
    private long sampled;
    private long wrong;
    private long unanswered;
    private String firstWrong;
    // Written by the sampler thread, read after it is joined.
    private int samples;
    private long activeSum;
    private int activeMax;
    private int openMax;
    private String sampleFailure;

    private Thread probe;
    private Thread sampler;
    private boolean stopped;
    // Whether this machine runs the database: its backends are then read from /proc.
    private boolean local;
    // The sampler's backend's CPU over the window, when this machine runs the database; else null.
    private CpuClock backendStart;
    private Double samplerCpuSeconds;

    private DatabaseWatch(
            Connection jdbc,
            DatabaseAnswers stored,
            String route,
            URI uri,
            Duration timeout,
            int maxProbes,
            long tuplesBefore,
            long backendPid,
            Long postmasterPid) {
        this.jdbc = jdbc;
        this.stored = stored;
        this.route = route;
        this.uri = uri;
        this.timeout = timeout;
        this.maxProbes = maxProbes;
        this.updates = Route.forTarget(route) == Route.UPDATES;
        this.tuplesBefore = tuplesBefore;
        this.backendPid = backendPid;
        this.postmasterPid = postmasterPid;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .build();
    }

    /** Whether a window of {@code route} is watched: a database route's. */
    static boolean watches(String route) {
        Route r = Route.forTarget(route);
        return r != null && DatabaseRoutes.serves(r);
    }

    /**
     * Connects to the database and reads what its tables hold, before the window's load starts.
     *
     * @param url      the target's URL of the scenario's route
     * @param route    the scenario's request target, e.g. {@code /queries?queries=20}
     * @param timeout  the run's request timeout, each probe request's bound
     * @param recorded the window's recorded length, which bounds the probe's requests
     * @param postmasterPid the database's postmaster when this machine runs it, else null: then the sampling's own
     *                 database CPU is not read
     * @throws SQLException when the database cannot be read
     */
    static DatabaseWatch open(
            DatabaseSettings database,
            String url,
            String route,
            Duration timeout,
            Duration recorded,
            Long postmasterPid)
            throws SQLException {
        Connection jdbc = DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
        try {
            jdbc.setAutoCommit(true);
            DatabaseAnswers stored = DatabaseAnswers.read(jdbc);
            long before = Route.forTarget(route) == Route.UPDATES ? tuplesUpdated(jdbc) : 0;
            int maxProbes = (int) (recorded.toNanos() / PROBE_PERIOD.toNanos()) + 1;
            long backend;
            try (Statement s = jdbc.createStatement();
                    ResultSet r = s.executeQuery("SELECT pg_backend_pid()")) {
                r.next();
                backend = r.getLong(1);
            }
            return new DatabaseWatch(
                    jdbc, stored, route, URI.create(url), timeout, maxProbes, before, backend, postmasterPid);
        } catch (SQLException | RuntimeException e) {
            jdbc.close();
            throw e;
        }
    }

    /** Starts the probe and the sampler: when the window starts recording. */
    void start() {
        // Its own backend's CPU, where this machine runs it: what the sampling cost the database, to take out of the
        // database's CPU (a query of pg_stat_activity copies every one of max_connections' slots).
        // Only a backend of this machine's postmaster: another machine's pid may name any process here.
        local = postmasterPid != null && ProcFs.withDescendants(postmasterPid).contains(backendPid);
        if (local) {
            CpuClock clock = CpuClock.read(List.of(backendPid));
            backendStart = clock.tickNanos() < 0 ? null : clock;
        }
        probe = Thread.ofPlatform().daemon().name("db-probe").start(this::probe);
        sampler = Thread.ofPlatform().daemon().name("db-connections").start(this::sample);
    }

    /**
     * Stops the probe and the sampler (the load has stopped), and under {@code /updates} checks what was written.
     *
     * @param requests the requests the load completed in the window
     */
    Result finish(long requests) {
        stopSampling();
        UpdatesWritten written = null;
        String note = sampleFailure;
        if (updates) {
            try {
                written = written(requests);
            } catch (SQLException | IOException e) {
                note = "the updates were not read back: " + e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                note = "interrupted before the updates were read back";
            }
        }
        DatabaseChecks checks = new DatabaseChecks(sampled, wrong, unanswered, firstWrong, written, note);
        DatabaseConnections connections = samples == 0
                ? null
                : new DatabaseConnections(samples, (double) activeSum / samples, activeMax, openMax, samplerCpuSeconds);
        return new Result(checks, connections, samplerCpuSeconds);
    }

    /**
     * Stops the probe and the sampler when the window's recording ends, and reads what the sampling cost the
     * database. {@link #finish} does it too, if not done.
     */
    void stopSampling() {
        if (stopped) {
            return;
        }
        stopped = true;
        stop.countDown();
        join(probe);
        join(sampler);
        if (backendStart != null) {
            long nanos = CpuClock.read(List.of(backendPid)).nanosSince(backendStart);
            samplerCpuSeconds = nanos < 0 ? null : nanos / 1e9;
        }
    }

    /**
     * Waits at most {@code bound} for the probe to end by itself, its requests sent; whether it did. For tests: a
     * window ends it sooner.
     */
    boolean probeEnds(Duration bound) throws InterruptedException {
        return probe.join(bound);
    }

    /**
     * The checks and connections of a finished window.
     *
     * @param samplerCpuSeconds the database CPU the connections' sampling took over the window, when this machine
     *                          runs the database: part of the database's CPU that no request caused; else null
     */
    record Result(DatabaseChecks checks, DatabaseConnections connections, Double samplerCpuSeconds) {}

    private void probe() {
        long period = PROBE_PERIOD.toNanos();
        long next = System.nanoTime();
        for (int i = 0; i < maxProbes; i++) {
            Answer answer = get(uri);
            if (answer == null) {
                unanswered++;
            } else {
                Verdict verdict = stored.check(route, answer.status, answer.contentType, answer.body);
                sampled++;
                if (!verdict.correct() && wrong++ == 0) {
                    firstWrong = route + ": " + verdict.reason();
                }
            }
            next += period;
            if (awaitStop(next - System.nanoTime())) {
                return;
            }
        }
    }

    private void sample() {
        if (local) {
            sampleTitles();
        } else {
            sampleActivity();
        }
    }

    /**
     * The backends from their process titles: what {@code pg_stat_activity} would say, without the 1-1.5 ms of
     * database CPU each of its queries costs (it copies every one of {@code max_connections}' slots), on the core the
     * database shares with the server.
     */
    private void sampleTitles() {
        long period = SAMPLE_PERIOD.toNanos();
        long next = System.nanoTime();
        String database;
        try {
            database = jdbc.getCatalog();
        } catch (SQLException e) {
            sampleFailure = "the database's name could not be read: " + e.getMessage();
            return;
        }
        do {
            int open = 0;
            int active = 0;
            for (long pid : ProcFs.withDescendants(postmasterPid)) {
                if (pid == backendPid) {
                    continue;
                }
                BackendTitle state = BackendTitle.of(ProcFs.cmdline(pid), database);
                if (state != BackendTitle.OTHER) {
                    open++;
                }
                if (state == BackendTitle.ACTIVE) {
                    active++;
                }
            }
            count(open, active);
            next += period;
        } while (!awaitStop(next - System.nanoTime()));
    }

    private void count(int open, int active) {
        samples++;
        activeSum += active;
        activeMax = Math.max(activeMax, active);
        openMax = Math.max(openMax, open);
    }

    private void sampleActivity() {
        long period = SAMPLE_PERIOD.toNanos();
        long next = System.nanoTime();
        try (PreparedStatement count = jdbc.prepareStatement(CONNECTIONS)) {
            do {
                try (ResultSet r = count.executeQuery()) {
                    r.next();
                    count(r.getInt(1), r.getInt(2));
                }
                next += period;
            } while (!awaitStop(next - System.nanoTime()));
        } catch (SQLException e) {
            sampleFailure = "pg_stat_activity could not be read: " + e.getMessage();
        }
    }

    /** Waits up to {@code nanos} for the window's end; true when it came. */
    private boolean awaitStop(long nanos) {
        try {
            return stop.await(Math.max(0, nanos), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    private UpdatesWritten written(long requests) throws SQLException, IOException, InterruptedException {
        // The load has stopped, but what the server had in flight may still be writing: wait until no backend of the
        // server's runs a statement, so that nothing else renumbers the rows read back.
        long quietBy = System.nanoTime() + QUIET_BOUND.toNanos();
        try (PreparedStatement count = jdbc.prepareStatement(CONNECTIONS)) {
            while (System.nanoTime() < quietBy) {
                try (ResultSet r = count.executeQuery()) {
                    r.next();
                    if (r.getInt(2) == 0) {
                        break;
                    }
                }
                TimeUnit.NANOSECONDS.sleep(POLL_INTERVAL.toNanos());
            }
        }
        Boolean readBack = null;
        String reason = null;
        // Each row's version before the request: a row the answer names but the table holds otherwise was either
        // never written (its version unchanged) or written again since by a request still in flight (a model may
        // go on serving requests its closed connections left queued, as fixed-pool does).
        Map<Integer, String> versionsBefore = versions();
        Answer answer = get(uri.resolve(READ_BACK_ROUTE));
        if (answer == null) {
            reason = READ_BACK_ROUTE + " got no answer within " + timeout.toMillis() + " ms";
        } else {
            Verdict verdict = stored.check(READ_BACK_ROUTE, answer.status, answer.contentType, answer.body);
            sampled++;
            if (!verdict.correct()) {
                if (wrong++ == 0) {
                    firstWrong = READ_BACK_ROUTE + ": " + verdict.reason();
                }
                reason = "its answer was wrong";
            } else {
                ReadBack back = readBack(verdict.rows(), versionsBefore);
                readBack = back.written();
                reason = back.reason();
            }
        }
        long expected = requests * DatabaseRoutes.queryCount(route);
        long updated = tuplesUpdated(jdbc) - tuplesBefore;
        long statsBy = System.nanoTime() + STATS_BOUND.toNanos();
        while (updated < expected && System.nanoTime() < statsBy) {
            // PostgreSQL flushes a backend's statistics at most once a second: ask again after clearing this
            // session's cached copy. The condition, not a time, ends the wait.
            try (Statement clear = jdbc.createStatement()) {
                clear.execute("SELECT pg_stat_clear_snapshot()");
            }
            updated = tuplesUpdated(jdbc) - tuplesBefore;
            if (updated < expected) {
                TimeUnit.NANOSECONDS.sleep(POLL_INTERVAL.toNanos());
            }
        }
        return new UpdatesWritten(readBack, reason, updated, expected, updated >= expected);
    }

    /**
     * What reading an updates answer's rows back showed.
     *
     * @param written true when every row holds what was answered or was written again since, and one at least holds
     *                it; false when a row holds another number in the version it had before the request; null when
     *                every row was written again since (nothing is known of this answer's write)
     * @param reason  when not true, the first row that says why, in words
     */
    record ReadBack(Boolean written, String reason) {

        /**
         * @param answered each id's number as the answer gave it (its last row for an id named twice)
         * @param now      each id's number as the table holds it
         * @param versions each id's version now
         * @param before   each id's version before the request
         */
        static ReadBack of(
                Map<Integer, Integer> answered,
                Map<Integer, Integer> now,
                Map<Integer, String> versions,
                Map<Integer, String> before) {
            int held = 0;
            String rewritten = null;
            for (Map.Entry<Integer, Integer> row : answered.entrySet()) {
                int id = row.getKey();
                Integer stored = now.get(id);
                if (row.getValue().equals(stored)) {
                    held++;
                } else if (stored == null || Objects.equals(versions.get(id), before.get(id))) {
                    return new ReadBack(
                            false,
                            String.format(
                                    Locale.ROOT,
                                    "row %d answered randomNumber %d, the table holds %s, unwritten since before the"
                                            + " request",
                                    id,
                                    row.getValue(),
                                    stored == null ? "no such row" : stored));
                } else if (rewritten == null) {
                    rewritten = String.format(
                            Locale.ROOT,
                            "row %d answered randomNumber %d was written again since (it holds %d)",
                            id,
                            row.getValue(),
                            stored);
                }
            }
            return held > 0
                    ? new ReadBack(true, null)
                    : new ReadBack(
                            null,
                            "every row was written again since, by requests still in flight; the first: " + rewritten);
        }
    }

    /**
     * Holds {@code answered} (each id's last row) to the table: a row that holds another number than answered and
     * whose version is still the one of {@code before} was never written; one whose version changed was written
     * again since, which says nothing of this answer's write.
     */
    private ReadBack readBack(List<World> answered, Map<Integer, String> before) throws SQLException {
        Map<Integer, Integer> last = new LinkedHashMap<>();
        answered.forEach(w -> last.put(w.id(), w.randomNumber()));
        Map<Integer, String> versions = new HashMap<>();
        Map<Integer, Integer> now = new HashMap<>();
        Array ids = jdbc.createArrayOf("integer", last.keySet().toArray());
        try (PreparedStatement select =
                jdbc.prepareStatement("SELECT id, randomnumber, xmin::text FROM world WHERE id = ANY (?)")) {
            select.setArray(1, ids);
            try (ResultSet r = select.executeQuery()) {
                while (r.next()) {
                    now.put(r.getInt(1), r.getInt(2));
                    versions.put(r.getInt(1), r.getString(3));
                }
            }
        }
        return ReadBack.of(last, now, versions, before);
    }

    // Each world row's version: the transaction that wrote it (xmin).
    private Map<Integer, String> versions() throws SQLException {
        Map<Integer, String> versions = new HashMap<>();
        try (Statement s = jdbc.createStatement();
                ResultSet r = s.executeQuery("SELECT id, xmin::text FROM world")) {
            while (r.next()) {
                versions.put(r.getInt(1), r.getString(2));
            }
        }
        return versions;
    }

    private static long tuplesUpdated(Connection jdbc) throws SQLException {
        try (Statement s = jdbc.createStatement();
                ResultSet r = s.executeQuery(TUPLES_UPDATED)) {
            return r.next() ? r.getLong(1) : 0;
        }
    }

    private record Answer(int status, String contentType, byte[] body) {}

    // GET uri on the probe's connection, or null when it got no answer within the timeout.
    private Answer get(URI target) {
        try {
            HttpResponse<byte[]> r = http.send(
                    HttpRequest.newBuilder(target).timeout(timeout).build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Answer(
                    r.statusCode(), r.headers().firstValue("Content-Type").orElse(null), r.body());
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private void join(Thread thread) {
        if (thread == null) {
            return;
        }
        try {
            // A probe request in flight ends within its timeout.
            thread.join(timeout.plusSeconds(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stop.countDown();
        http.close();
        try {
            jdbc.close();
        } catch (SQLException e) {
            // the session ends with its connection either way
        }
    }
}
