package io.httpmodels.harness.control;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the pins of this JVM's virtual threads from the moment it is {@linkplain #start() started}: a JFR
 * {@code RecordingStream} with {@code jdk.VirtualThreadPinned} enabled, and nothing else, whose events add to two
 * counters that {@link #read()} answers.
 *
 * <p>The event's default threshold is 20 ms: JFR records only pins that lasted longer. This one records them all
 * (threshold 0), because a database query that pins its carrier for 300 µs, thousands of times a second, is the
 * cost sought, and at 20 ms it would never be seen. Stack traces are off: only counts and durations are kept, and a
 * stack walk per pin would cost the pinned thread more than the pin. Where nothing pins the stream still costs
 * JFR's threads, a chunk written and read back about once a second, and its buffers: a few per cent of a keep-alive
 * {@code /plaintext} request's CPU and 15-40 MiB of resident memory, measured roughly (docs/why.md), which is why
 * the harness starts it only in a JVM started for a database scenario.
 *
 * <p>JFR hands its events over when it flushes, about once a second: a pin is counted up to a second after it
 * ended, so the counts read at a window's edges are those of a window as long, up to a second earlier. Under the
 * steady load a window measures, that is the same rate per request.
 *
 * <p>On JDK 24 and later (JEP 491) a virtual thread that blocks inside {@code synchronized} or in
 * {@code Object.wait()} unmounts; it still pins when it blocks under a native frame: inside a class initializer
 * (the JVM calls it), in a JNI upcall, or in a {@code synchronized} of a native method.
 *
 * <p>Thread-safe: {@link #start()} and {@link #close()} under this object's lock; {@link #read()} from any thread.
 * The stream opens on a thread of its own ({@link #start()}).
 */
public final class CarrierPinningRecorder implements AutoCloseable {

    /** The JFR event of a pin. */
    static final String EVENT = "jdk.VirtualThreadPinned";

    private final LongAdder events = new LongAdder();
    private final LongAdder nanos = new LongAdder();
    private AutoCloseable stream;
    private boolean starting;
    private boolean closed;
    private volatile boolean running;
    private volatile String note = "not started";

    /**
     * Starts counting, once, on a thread of its own, and returns at once: JFR's first start loads and initialises
     * hundreds of classes, seconds on a busy core, which the control loop must not spend while the harness waits for
     * its answers. Until the stream runs, {@link #read()} answers null and {@link #note()} says it is starting. Later
     * calls change nothing.
     *
     * @return what it does
     */
    public synchronized String start() {
        if (running || starting) {
            return EVENT + ": started already";
        }
        starting = true;
        note = "JFR's " + EVENT + " stream still starting";
        Thread.ofPlatform().daemon().name("httpmodels-pinning-start").start(this::openNow);
        return "starting to count " + EVENT + ", threshold 0";
    }

    private void openNow() {
        AutoCloseable opened;
        try {
            opened = open();
        } catch (Exception | LinkageError e) {
            // A JVM without the jdk.jfr module (--limit-modules, a jlink image without it).
            synchronized (this) {
                starting = false;
                note = "JFR's " + EVENT + " stream did not start: " + e;
            }
            return;
        }
        synchronized (this) {
            starting = false;
            if (!closed) {
                stream = opened;
                running = true;
                note = null;
                return;
            }
        }
        closeQuietly(opened); // closed while it started
    }

    // In a method of its own so that a JVM without jdk.jfr fails here, as a LinkageError, not when this class loads.
    private AutoCloseable open() {
        var rs = new jdk.jfr.consumer.RecordingStream();
        try {
            rs.enable(EVENT).withThreshold(Duration.ZERO).withoutStackTrace();
            rs.onEvent(EVENT, e -> {
                events.increment();
                nanos.add(e.getDuration().toNanos());
            });
            rs.setReuse(true);
            rs.setOrdered(false); // only sums: no sorting of each flush's events by time
            rs.startAsync();
            return rs;
        } catch (RuntimeException e) {
            rs.close();
            throw e;
        }
    }

    /** The pins counted since {@link #start()}, or null when nothing counts ({@link #note()} says why). */
    public CarrierPinning read() {
        return running ? new CarrierPinning(events.sum(), nanos.sum()) : null;
    }

    /** Why {@link #read()} answers null, or null when it counts. */
    public String note() {
        return note;
    }

    /** Stops counting; idempotent. */
    @Override
    public void close() {
        AutoCloseable open;
        synchronized (this) {
            closed = true;
            running = false;
            note = "stopped";
            open = stream;
            stream = null;
        }
        closeQuietly(open);
    }

    private static void closeQuietly(AutoCloseable stream) {
        if (stream != null) {
            try {
                stream.close();
            } catch (Exception e) {
                // Closing a stream that failed: nothing left to stop.
            }
        }
    }
}
