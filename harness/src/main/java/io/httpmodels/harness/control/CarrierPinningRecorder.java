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
 * stack walk per pin would cost the pinned thread more than the pin. Where nothing pins the stream costs a JFR
 * recorder thread that wakes about once a second; its cost is in docs/why.md.
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
 */
public final class CarrierPinningRecorder implements AutoCloseable {

    /** The JFR event of a pin. */
    static final String EVENT = "jdk.VirtualThreadPinned";

    private final LongAdder events = new LongAdder();
    private final LongAdder nanos = new LongAdder();
    private AutoCloseable stream;
    private volatile boolean running;
    private volatile String note = "not started";

    /**
     * Starts counting, once: later calls change nothing.
     *
     * @return what runs now, or why nothing does (this JVM has no JFR, or its stream did not start)
     */
    public synchronized String start() {
        if (running) {
            return "counting " + EVENT + " already";
        }
        try {
            stream = open();
            running = true;
            note = null;
            return "counting " + EVENT + ", threshold 0";
        } catch (Exception | LinkageError e) {
            // A JVM built without the jdk.jfr module, or JFR disabled (-XX:-FlightRecorder).
            note = "JFR's " + EVENT + " stream did not start: " + e;
            return note;
        }
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
    public synchronized void close() {
        running = false;
        note = "stopped";
        if (stream != null) {
            try {
                stream.close();
            } catch (Exception e) {
                // Closing a stream that failed: nothing left to stop.
            }
            stream = null;
        }
    }
}
