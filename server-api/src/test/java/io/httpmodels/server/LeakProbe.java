package io.httpmodels.server;

import io.httpmodels.server.db.DatabaseSettings;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

/**
 * A child JVM that runs one model and answers questions about its own threads and file descriptors, read from
 * {@code /proc/self/task} and {@code /proc/self/fd}, for {@link LeakKit}. Alone in its JVM, the model's threads
 * and descriptors are the only ones that come and go (the kit starts it with a fixed number of JIT and GC
 * threads).
 *
 * <p>Arguments: model name, transport, idle timeout in milliseconds. Prints {@code port <n>} once serving, then
 * answers one line per command on standard input:
 *
 * <ul>
 *   <li>{@code count}: {@code count <threads> <fds>};
 *   <li>{@code steady <millis> [<quiet millis>]}: waits, bounded by {@code millis}, until neither count has
 *       changed for a while (200 ms unless {@code quiet millis} says otherwise), then answers like {@code count};
 *   <li>{@code settle <threads> <fds> <millis>}: waits, bounded, until there have been at most that many threads
 *       and descriptors for a while, then answers like {@code count} with the last counts it saw;
 *   <li>{@code names}: {@code names <the name of every thread, from /proc/self/task/<id>/comm, comma-separated>},
 *       the JVM's own threads among them: what a failure quotes;
 *   <li>{@code heap}: runs a full collection, then answers {@code heap <KiB of heap in use>};
 *   <li>{@code close}: closes the server, waits (bounded) for the counts from before it started, and answers
 *       {@code closed <threads> <fds> <threads before start> <fds before start> <names of threads it left>}, then
 *       exits.
 * </ul>
 */
public final class LeakProbe {

    private static final long SETTLE_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long STABLE_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    /** The system property naming the JDBC URL of the PostgreSQL the model's database routes query. */
    static final String DATABASE_PROPERTY = "httpmodels.probe.db";

    /** Set to {@code true}, the model serves HTTP/2 beside HTTP/1.1 ({@link ServerConfig#withHttp2}). */
    static final String HTTP2_PROPERTY = "httpmodels.probe.http2";

    private LeakProbe() {}

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        String name = args[0];
        String transport = args[1];
        Duration idle = Duration.ofMillis(Long.parseLong(args[2]));
        warmUpTheJdk();
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        int threadsBefore = threads();
        int fdsBefore = fds();
        List<String> fdTargetsBefore = fdTargets();
        ServerConfig config = ServerConfig.defaults()
                .withPort(0)
                .withTransport(transport)
                .withIdleTimeout(idle)
                .withMaxHeaderBytes(HostileClientKit.MAX_HEADER_BYTES)
                .withMaxBodyBytes(HostileClientKit.MAX_BODY_BYTES);
        // The database routes query this PostgreSQL (DatabaseFloodKit); without it they answer 503.
        String database = System.getProperty(DATABASE_PROPERTY);
        if (database != null) {
            config = config.withDatabase(DatabaseSettings.of(database));
        }
        if (Boolean.getBoolean(HTTP2_PROPERTY)) {
            config = config.withHttp2(true);
        }
        RunningServer server = ServerModels.byName(name).start(config);
        out.println("port " + server.port());
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] command = line.split(" ");
            switch (command[0]) {
                case "count" -> out.println("count " + threads() + " " + fds());
                case "steady" -> {
                    long quietNanos = command.length > 2
                            ? TimeUnit.MILLISECONDS.toNanos(Long.parseLong(command[2]))
                            : STABLE_NANOS;
                    int[] steady = steady(Long.parseLong(command[1]), quietNanos);
                    out.println("count " + steady[0] + " " + steady[1]);
                }
                case "heap" -> out.println("heap " + heapUsedAfterCollectionKiB());
                case "names" -> out.println("names " + threadNames());
                case "settle" -> {
                    int[] settled = settle(
                            Integer.parseInt(command[1]), Integer.parseInt(command[2]), Long.parseLong(command[3]));
                    out.println("count " + settled[0] + " " + settled[1]);
                }
                case "close" -> {
                    server.close();
                    // What the model left: threads it started that are still alive, but not the JDK's own (the
                    // virtual-thread scheduler's carriers and pollers stay for the JVM's life, idle).
                    Set<Thread> left = Thread.getAllStackTraces().keySet().stream()
                            .filter(t -> !before.contains(t) && t.isAlive() && !ownedByTheJdk(t))
                            .collect(Collectors.toSet());
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                    for (Thread thread : left) {
                        thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                    }
                    settle(threadsBefore + jdkThreadsStartedSince(before), fdsBefore, 5_000);
                    Set<String> names = new TreeSet<>();
                    for (Thread thread : left) {
                        if (thread.isAlive()) {
                            names.add(thread.getName().replace(' ', '_'));
                        }
                    }
                    List<String> newFds = fdTargets();
                    fdTargetsBefore.forEach(newFds::remove);
                    out.println("closed " + threads() + " " + fds() + " "
                            + (threadsBefore + jdkThreadsStartedSince(before)) + " " + fdsBefore + " "
                            + String.join(",", names) + " "
                            + String.join(",", newFds).replace(' ', '_'));
                    return;
                }
                default -> out.println("unknown " + line);
            }
        }
        server.close();
    }

    // The JDK opens descriptors and threads of its own on the first socket and keeps them for the JVM's life: a
    // socket for closing sockets asynchronously, and for virtual threads the read and write pollers (epoll
    // descriptors and threads). One loopback exchange on a platform thread and one on a virtual thread, before
    // the "before" counts, so that those are not taken for the model's.
    private static void warmUpTheJdk() throws Exception {
        exchangeOneByte();
        Thread virtual = Thread.ofVirtual().start(() -> {
            try {
                exchangeOneByte();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        virtual.join();
    }

    private static void exchangeOneByte() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                Socket accepted = server.accept()) {
            client.getOutputStream().write(1);
            if (accepted.getInputStream().read() != 1) {
                throw new IOException("loopback exchange failed");
            }
        }
    }

    /**
     * Polls, bounded, until the counts have not changed for {@code quietNanos}, and returns them, {threads, fds}: a
     * baseline taken while the last connections of a load are still closing would be too high.
     */
    private static int[] steady(long millis, long quietNanos) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        int[] last = {threads(), fds()};
        long since = System.nanoTime();
        while (System.nanoTime() - since < quietNanos && System.nanoTime() < deadline) {
            LockSupport.parkNanos(SETTLE_POLL_NANOS);
            int[] now = {threads(), fds()};
            if (now[0] != last[0] || now[1] != last[1]) {
                last = now;
                since = System.nanoTime();
            }
        }
        return last;
    }

    /**
     * Polls, bounded, until the counts stay at or below the given ones for {@link #STABLE_NANOS}: threads end and
     * descriptors close asynchronously after the connections that held them, and a model that serves one
     * connection at a time dips to its resting count between closing one abandoned connection and accepting the
     * next from its backlog. Returns the last counts seen, {threads, fds}.
     */
    private static int[] settle(int threads, int fds, long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        long quietSince = -1;
        while (true) {
            int threadsNow = threads();
            int fdsNow = fds();
            long now = System.nanoTime();
            if (threadsNow <= threads && fdsNow <= fds) {
                if (quietSince < 0) {
                    quietSince = now;
                }
                if (now - quietSince >= STABLE_NANOS) {
                    return new int[] {threadsNow, fdsNow};
                }
            } else {
                quietSince = -1;
            }
            if (now >= deadline) {
                return new int[] {threadsNow, fdsNow};
            }
            LockSupport.parkNanos(SETTLE_POLL_NANOS);
        }
    }

    private static int jdkThreadsStartedSince(Set<Thread> before) {
        return (int) Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !before.contains(t) && t.isAlive() && ownedByTheJdk(t))
                .count();
    }

    /** Threads the JDK owns and keeps after a model is gone (as {@code ConformanceKit} lists them). */
    static boolean ownedByTheJdk(Thread thread) {
        String name = thread.getName();
        return name.startsWith("ForkJoinPool-")
                || name.startsWith("ForkJoinPool.commonPool")
                || name.equals("MasterPoller")
                || name.endsWith("-Poller")
                || name.startsWith("VirtualThread-")
                || name.startsWith("InnocuousThread")
                || name.equals("Attach Listener")
                || name.equals("process reaper");
    }

    // Two collections: the first may only queue references (a leak detector's, a cleaner's) that the second frees.
    private static long heapUsedAfterCollectionKiB() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / 1024;
    }

    /** The kernel's names of this process's threads (15 characters at most), sorted, spaces as underscores. */
    static String threadNames() {
        String[] tasks = new File("/proc/self/task").list();
        List<String> names = new ArrayList<>();
        for (String task : tasks == null ? new String[0] : tasks) {
            try {
                names.add(Files.readString(Path.of("/proc/self/task", task, "comm"))
                        .strip()
                        .replace(' ', '_'));
            } catch (IOException e) {
                // ended meanwhile
            }
        }
        names.sort(null);
        return String.join(",", names);
    }

    static int threads() {
        return count("/proc/self/task");
    }

    /**
     * Open descriptors, but not the files the JVM opens once and keeps (class path jars as the model's classes
     * load, native libraries, the entropy devices): not the model's doing. Sockets, pipes, epoll and
     * eventfd descriptors, and any other file, count.
     */
    static int fds() {
        return fdTargets().size();
    }

    // Files the JVM opens once and keeps: class path jars and native libraries as classes load, and the
    // entropy devices its NativePRNG opens on first use of SecureRandom (Netty seeds its random from one).
    private static boolean jvmOwned(String target) {
        return target.endsWith(".jar")
                || target.endsWith(".so")
                || target.endsWith("/lib/modules")
                || target.equals("/dev/random")
                || target.equals("/dev/urandom");
    }

    /** What the counted descriptors point to (see {@link #fds()}), one entry per descriptor. */
    static List<String> fdTargets() {
        List<String> targets = new ArrayList<>();
        String[] entries = new File("/proc/self/fd").list();
        if (entries == null) {
            throw new IllegalStateException("/proc/self/fd is not readable: this probe needs Linux's /proc");
        }
        for (String entry : entries) {
            try {
                String target =
                        Files.readSymbolicLink(Path.of("/proc/self/fd", entry)).toString();
                if (!jvmOwned(target)) {
                    targets.add(target);
                }
            } catch (IOException e) {
                // closed meanwhile (the directory listing's own descriptor among them)
            }
        }
        return targets;
    }

    private static int count(String directory) {
        String[] entries = new File(directory).list();
        if (entries == null) {
            throw new IllegalStateException(directory + " is not readable: this probe needs Linux's /proc");
        }
        return entries.length;
    }

    /** The JVM flags that keep the JVM's own thread count fixed, so that only the model's threads vary. */
    static List<String> stableJvmFlags() {
        return List.of(
                "-XX:+UseSerialGC",
                "-XX:-UseDynamicNumberOfCompilerThreads",
                "-XX:CICompilerCount=2",
                "-Xmx256m",
                "-Xss512k");
    }
}
