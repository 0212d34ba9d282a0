package io.httpmodels.harness.process;

import io.httpmodels.harness.control.ControlProtocol;
import io.httpmodels.harness.control.ControlReply;
import io.httpmodels.harness.control.JvmStats;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The harness's end of a server JVM's control channel ({@link ControlProtocol}): requests written to the child's
 * standard input, answers read from its standard output by {@link ChildServer}'s reader. A child that does not
 * answer in time (an older build ignores its input) is marked silent and not asked again, so a window never waits
 * on it twice.
 *
 * <p>Thread-safe: one request at a time, callers queue on its lock.
 */
public final class ControlChannel {

    private final OutputStream toChild;
    private final LinkedBlockingQueue<ControlReply> replies = new LinkedBlockingQueue<>();
    private long nextId = 1;
    private volatile boolean silent;

    ControlChannel(OutputStream toChild) {
        this.toChild = toChild;
    }

    /** A line the child wrote: kept when it is an answer. Called by the reader of the child's output. */
    void accept(String line) {
        ControlProtocol.parse(line).ifPresent(replies::add);
    }

    /** Whether the child once failed to answer in time, so is not asked again. */
    public boolean silent() {
        return silent;
    }

    /**
     * Asks for the child's counters and goes on without waiting: its answer, whenever it comes, is dropped. Loads
     * what the child needs to answer (its JSON writer, its management beans) while it warms up, rather than in a
     * measured window's first milliseconds.
     *
     * @param countPins whether the child also starts counting its virtual threads' pins
     *                  ({@link ControlProtocol#PINNING_START}), which its answers then carry
     */
    public synchronized void prime(boolean countPins) {
        if (silent) {
            return;
        }
        try {
            if (countPins) {
                // Before the stats, so that the JFR stream's start is not in a window's first milliseconds either.
                toChild.write((ControlProtocol.PINNING_START + " " + nextId++ + "\n").getBytes(StandardCharsets.UTF_8));
            }
            toChild.write((ControlProtocol.STATS + " " + nextId++ + "\n").getBytes(StandardCharsets.UTF_8));
            toChild.flush();
        } catch (IOException e) {
            silent = true;
        }
    }

    /** The child's counters now, or empty when it does not answer within {@code timeout}. */
    public Optional<JvmStats> stats(Duration timeout) {
        return request(ControlProtocol.STATS, null, timeout).map(ControlReply::stats);
    }

    /**
     * Sends {@code command} (with {@code argument}, or none) and waits for its answer.
     *
     * @return the answer (maybe an {@link ControlReply#error() error}); empty when the child is silent, gone, or did
     *         not answer within {@code timeout}
     */
    public synchronized Optional<ControlReply> request(String command, String argument, Duration timeout) {
        if (silent) {
            return Optional.empty();
        }
        long id = nextId++;
        String line = command + " " + id + (argument == null ? "" : " " + argument) + "\n";
        try {
            toChild.write(line.getBytes(StandardCharsets.UTF_8));
            toChild.flush();
        } catch (IOException e) {
            silent = true; // the child is gone or closed its input
            return Optional.empty();
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                ControlReply reply = left > 0 ? replies.poll(left, TimeUnit.NANOSECONDS) : null;
                if (reply == null) {
                    silent = true;
                    return Optional.empty();
                }
                if (reply.id() == id) {
                    return Optional.of(reply);
                }
                // An answer to an earlier request that timed out: dropped.
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
