package io.httpmodels.harness.control;

import one.profiler.AsyncProfiler;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

/**
 * async-profiler inside the server's JVM, driven by the control channel: loaded once (its Linux library comes out
 * of its jar), started at a window's start with one event and stopped at its end into an HTML flame graph.
 *
 * <p>Events: {@code cpu} (perf events; {@code ctimer}, a per-thread CPU timer, where the kernel forbids them),
 * {@code wall} (every thread, running or not), {@code alloc} (heap allocations, sampled by size) and {@code lock}
 * (contended locks). Not thread-safe: the control loop's one thread drives it.
 */
final class FlameGraphProfiler {

    /** The events a caller may ask for. */
    static final Set<String> EVENTS = Set.of("cpu", "wall", "alloc", "lock");

    private final String title;
    private AsyncProfiler profiler;
    private String running;

    /** @param title what the flame graph's page is called, before its event */
    FlameGraphProfiler(String title) {
        this.title = title.replace(',', ' ');
    }

    /** Loads the library now, so that a later start costs the window nothing; returns its version. */
    String load() {
        if (profiler == null) {
            profiler = AsyncProfiler.getInstance();
        }
        return profiler.getVersion();
    }

    /**
     * Starts profiling {@code event}.
     *
     * @return the event that runs: {@code ctimer} when {@code cpu} was asked for and perf events are not allowed
     * @throws IllegalArgumentException for an unknown event
     * @throws IllegalStateException    when the profiler cannot start, with its reason
     */
    String start(String event) throws IOException {
        String asked = event.toLowerCase(Locale.ROOT);
        if (!EVENTS.contains(asked)) {
            throw new IllegalArgumentException("no such profiling event: " + event + " (cpu, wall, alloc, lock)");
        }
        load();
        if (running != null) {
            profiler.execute("stop");
            running = null;
        }
        try {
            profiler.execute("start,event=" + asked + interval(asked));
            running = asked;
        } catch (IllegalStateException | IOException e) {
            if (!asked.equals("cpu")) {
                throw e;
            }
            // perf_event_paranoid forbids perf events here: a per-thread CPU-time timer samples the same cost.
            profiler.execute("start,event=ctimer" + interval("ctimer"));
            running = "ctimer";
        }
        return running;
    }

    /**
     * Stops profiling and writes the flame graph to {@code file}, and its stacks in async-profiler's collapsed
     * text beside it ({@code .collapsed} for {@code .html}): one line per stack with its samples, for diffing and
     * for tools.
     *
     * @return the event that ran
     * @throws IllegalStateException when nothing runs
     */
    String stop(Path file) throws IOException {
        if (running == null) {
            throw new IllegalStateException("the profiler is not running");
        }
        String path = file.toAbsolutePath().toString();
        if (path.contains(",")) {
            throw new IllegalArgumentException("a flame graph's path cannot hold a comma: " + path);
        }
        String event = running;
        running = null;
        profiler.execute("dump,collapsed,file=" + collapsed(path));
        profiler.execute("stop,flamegraph,title=" + title + " - " + event + ",file=" + path);
        return event;
    }

    /** The collapsed stacks' file beside a flame graph's. */
    static String collapsed(String htmlPath) {
        return (htmlPath.endsWith(".html") ? htmlPath.substring(0, htmlPath.length() - 5) : htmlPath) + ".collapsed";
    }

    private static String interval(String event) {
        return switch (event) {
            case "cpu", "ctimer" -> ",interval=1ms";
            case "wall" -> ",interval=5ms";
            default -> "";
        };
    }
}
