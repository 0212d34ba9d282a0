package io.httpmodels.load;

import java.time.Duration;

/**
 * Turn-taking between loads that run at the same time against different targets: time from {@code epochNanos} is
 * cut into slices of {@code sliceNanos}, dealt round-robin to {@code count} loads, and a load with turns sends only
 * in its own slices. Slice k belongs to load {@code k mod count} (slices before the epoch count backwards alike).
 *
 * <p>What it is for: comparing two servers that share a core on a machine whose speed wanders. Run one after the
 * other, a stretch of half speed lands on one server's run and not on the other's; taking turns of a few tens of
 * milliseconds, both meet the same machine. In closed loop a connection whose answers are complete waits for its
 * load's next turn to send again; what is in flight when a turn ends is still answered and timed (a few
 * microseconds of overlap per turn). A load with turns loads its server {@code 1 / count} of the time, so its
 * requests per second of its own turns are its requests over {@code duration / count}.
 *
 * @param epochNanos the start of slice 0, in the run's clock ({@link System#nanoTime()} for a real run)
 * @param sliceNanos length of a turn, positive
 * @param index      which of the loads this one is, in {@code [0, count)}
 * @param count      how many loads take turns, at least 2
 */
public record Turns(long epochNanos, long sliceNanos, int index, int count) {

    public Turns {
        if (sliceNanos <= 0) {
            throw new IllegalArgumentException("a turn must last a positive time, was " + sliceNanos + " ns");
        }
        if (count < 2) {
            throw new IllegalArgumentException("turns need at least two loads, was " + count);
        }
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException("turn index " + index + " is not in [0, " + count + ")");
        }
    }

    /** Load {@code index} of {@code count}, with turns of {@code slice} from {@code epochNanos}. */
    public static Turns of(long epochNanos, Duration slice, int index, int count) {
        return new Turns(epochNanos, slice.toNanos(), index, count);
    }

    /** Whether the slice that holds {@code nowNanos} is this load's. */
    public boolean mine(long nowNanos) {
        return Math.floorMod(slice(nowNanos), count) == index;
    }

    /** Nanoseconds from {@code nowNanos} to the start of this load's next turn: 0 while it is this load's turn. */
    public long nanosUntilMine(long nowNanos) {
        long slice = slice(nowNanos);
        int ahead = Math.floorMod(index - Math.floorMod(slice, count), count);
        if (ahead == 0) {
            return 0;
        }
        return epochNanos + (slice + ahead) * sliceNanos - nowNanos;
    }

    /** The slice {@code nowNanos} falls in; negative before the epoch. */
    private long slice(long nowNanos) {
        return Math.floorDiv(nowNanos - epochNanos, sliceNanos);
    }
}
