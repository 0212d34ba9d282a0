package io.httpmodels.load;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.Locale;

/**
 * What this machine and this JVM can hold, and the checks that hold a load to it, so that a count typed too large
 * ends in a one-line message rather than an {@code OutOfMemoryError} or a run of failed connects: a descriptor per
 * connection under the open-file limit (as {@code ulimit -n} says), a bounded number of threads, the client's memory
 * per connection within its heap, a rate the clock can schedule.
 *
 * <p>Stateless and thread-safe.
 */
public final class MachineLimits {

    /**
     * The most threads any command starts for one setting (client event loops, a server's workers): far more than the
     * cores of any machine this runs on, and far fewer than the kernel's process limit (pid_max, 32768 by default).
     */
    public static final int MAX_THREADS = 4096;

    /** The deepest pipeline: requests written together per connection. */
    public static final int MAX_PIPELINE = 1024;

    /**
     * The highest rate the client schedules: one request a nanosecond, the resolution of its clock
     * ({@link System#nanoTime()}).
     */
    public static final double MAX_RATE = 1e9;

    /** Descriptors the JVM itself holds open (its jars, its logs, the selectors' wake-up pipes), kept aside. */
    static final int RESERVED_FILES = 64;

    /** Descriptors each event-loop thread holds: its selector (an epoll instance and its wake-up eventfd). */
    static final int FILES_PER_THREAD = 3;

    /** Heap a plain connection holds, its state and parser (measured: well under 1 KiB), with room. */
    static final long BYTES_PER_CONNECTION = 2048;

    /** Heap a TLS connection holds beyond a plain one: the engine's buffers, 2 x 16 KiB in and 16 KiB out, with room. */
    static final long BYTES_PER_TLS_CONNECTION = 64 * 1024;

    /** Share of the heap the connections may take; the rest is for histograms, buffers and the JVM. */
    static final double HEAP_SHARE = 0.5;

    /** The most bytes one worker's repeated request may take: the request times the pipeline depth. */
    static final long MAX_REQUEST_BUFFER_BYTES = 64L * 1024 * 1024;

    private MachineLimits() {}

    /**
     * The open-file limit of this process ({@code ulimit -n}; the JVM raises its soft limit to the hard one at
     * start on Linux), or {@link Long#MAX_VALUE} where the platform does not say.
     */
    public static long openFiles() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            long max = unix.getMaxFileDescriptorCount();
            return max > 0 ? max : Long.MAX_VALUE;
        }
        return Long.MAX_VALUE;
    }

    /**
     * Checks a thread count a user gave.
     *
     * @param flag how the user gave it, e.g. {@code -t}, for the message
     * @throws IllegalArgumentException naming the flag and the bound when it is below {@code least} or above
     *                                  {@link #MAX_THREADS}
     */
    public static void checkThreads(String flag, long threads, int least) {
        if (threads < least || threads > MAX_THREADS) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT, "%s %d: threads must be between %d and %d", flag, threads, least, MAX_THREADS));
        }
    }

    /**
     * Checks that {@code connections} sockets, with {@code threads} event loops beside them, fit under the open-file
     * limit.
     *
     * @param what the connections in words, e.g. {@code -c 99999999}, for the message
     * @throws IllegalArgumentException naming the limit and how to raise it
     */
    public static void checkOpenFiles(String what, long connections, long threads) {
        checkOpenFiles(what, connections, threads, openFiles());
    }

    static void checkOpenFiles(String what, long connections, long threads, long limit) {
        long needed = connections + threads * FILES_PER_THREAD + RESERVED_FILES;
        if (needed > limit) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "%s needs %d open files, more than this process may open (%d, ulimit -n): give fewer"
                            + " connections or raise the limit",
                    what,
                    needed,
                    limit));
        }
    }

    /**
     * Checks that a load fits this machine and this JVM: its connections (measured and background) under the
     * open-file limit, its threads bounded, the heap its connections take within this JVM's, its request buffer and its
     * rate within what the client can hold and schedule.
     *
     * @throws IllegalArgumentException saying, in one line, which figure is too large and what bounds it
     */
    public static void check(LoadConfig config) {
        check(config, openFiles(), Runtime.getRuntime().maxMemory());
    }

    /** {@link #check(LoadConfig)} against the given open-file limit and heap, in bytes. */
    static void check(LoadConfig config, long openFiles, long heap) {
        LoadConfig.Connections c = config.connections();
        checkThreads("-t", c.threads(), 1);
        long all = (long) c.count()
                + config.background().idleConnections()
                + config.background().slowConnections();
        checkOpenFiles(
                config.hasBackground()
                        ? String.format(
                                Locale.ROOT,
                                "%d connections (%d idle, %d slow beside -c %d)",
                                all,
                                config.background().idleConnections(),
                                config.background().slowConnections(),
                                c.count())
                        : "-c " + c.count(),
                all,
                c.threads(),
                openFiles);
        long perConnection = BYTES_PER_CONNECTION
                + 16L * Integer.highestOneBit(Math.max(1, c.pipeline() - 1)) * 2
                + (config.tls() != null ? BYTES_PER_TLS_CONNECTION : 0);
        long needed = perConnection * all;
        if (needed > HEAP_SHARE * heap) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "-c %d%s needs about %d MiB of heap for its connections, more than half of this JVM's %d MiB"
                            + " (-Xmx, e.g. in HTTPMODELS_JAVA_OPTS): give fewer connections or a larger heap",
                    c.count(),
                    c.pipeline() > 1 ? " at --pipeline " + c.pipeline() : "",
                    needed >> 20,
                    heap >> 20));
        }
        long requestBuffer = (long) config.encodeRequest().length * c.pipeline();
        if (requestBuffer > MAX_REQUEST_BUFFER_BYTES) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "the request (%d bytes) times --pipeline %d is %d MiB, more than the %d MiB a worker writes from",
                    config.encodeRequest().length,
                    c.pipeline(),
                    requestBuffer >> 20,
                    MAX_REQUEST_BUFFER_BYTES >> 20));
        }
        if (config.pacing().rate() > MAX_RATE) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "-R %.0f: the rate must be at most %.0f requests/s (one a nanosecond, the clock's resolution)",
                    config.pacing().rate(),
                    MAX_RATE));
        }
    }
}
