package io.httpmodels.load;

/**
 * The open streams of one HTTP/2 connection, by stream id: when each request was written and meant to be sent,
 * the body bytes received since its last WINDOW_UPDATE, and its status once its final HEADERS came. Responses come
 * back in any order, so this is a table, not a ring: open addressing with linear probing over {@code id >>> 1}
 * (consecutive client stream ids land in consecutive slots) and backward-shift deletion, at most half full, with
 * no allocation after construction. Not thread-safe: owned by its worker's thread.
 */
final class H2Streams {

    private final int[] ids;
    private final long[] sentNanos;
    private final long[] intendedNanos;
    private final int[] unacknowledgedBytes;
    private final int[] status;
    private final int mask;
    private final int limit;
    private int size;

    /** @param limit the most streams open at once */
    H2Streams(int limit) {
        int capacity = Integer.highestOneBit(Math.max(8, limit) * 2 - 1) << 1;
        this.ids = new int[capacity];
        this.sentNanos = new long[capacity];
        this.intendedNanos = new long[capacity];
        this.unacknowledgedBytes = new int[capacity];
        this.status = new int[capacity];
        this.mask = capacity - 1;
        this.limit = limit;
    }

    /** Streams open. */
    int size() {
        return size;
    }

    /** The slot count, for walking every slot with {@link #idAt}. */
    int capacity() {
        return ids.length;
    }

    /** Opens a stream; at most {@code limit} may be open. */
    void open(int id, long sent, long intended) {
        if (size >= limit) {
            throw new IllegalStateException("more than " + limit + " streams open");
        }
        int i = (id >>> 1) & mask;
        while (ids[i] != 0) {
            i = (i + 1) & mask;
        }
        ids[i] = id;
        sentNanos[i] = sent;
        intendedNanos[i] = intended;
        unacknowledgedBytes[i] = 0;
        status[i] = 0;
        size++;
    }

    /** The slot of an open stream, or -1 when it is not open (never was, or ended, reset or refused). */
    int find(int id) {
        int i = (id >>> 1) & mask;
        while (true) {
            int at = ids[i];
            if (at == id) {
                return i;
            }
            if (at == 0) {
                return -1;
            }
            i = (i + 1) & mask;
        }
    }

    /** The id in a slot, 0 for an empty one. */
    int idAt(int slot) {
        return ids[slot];
    }

    long sentNanos(int slot) {
        return sentNanos[slot];
    }

    long intendedNanos(int slot) {
        return intendedNanos[slot];
    }

    int status(int slot) {
        return status[slot];
    }

    void status(int slot, int code) {
        status[slot] = code;
    }

    /** Adds received body bytes to the stream's count since its last WINDOW_UPDATE and returns the new count. */
    int received(int slot, int bytes) {
        return unacknowledgedBytes[slot] += bytes;
    }

    /** The stream was granted a WINDOW_UPDATE for what it received: start counting again. */
    void acknowledged(int slot) {
        unacknowledgedBytes[slot] = 0;
    }

    /** Closes the stream in this slot, moving back the entries its removal would hide from a probe. */
    void close(int slot) {
        int hole = slot;
        int j = slot;
        while (true) {
            j = (j + 1) & mask;
            int id = ids[j];
            if (id == 0) {
                break;
            }
            int home = (id >>> 1) & mask;
            // The entry may move into the hole unless its home lies cyclically within (hole, j].
            boolean stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
            if (!stays) {
                ids[hole] = id;
                sentNanos[hole] = sentNanos[j];
                intendedNanos[hole] = intendedNanos[j];
                unacknowledgedBytes[hole] = unacknowledgedBytes[j];
                status[hole] = status[j];
                hole = j;
            }
        }
        ids[hole] = 0;
        size--;
    }

    /** Forgets every stream (the connection is gone). */
    void clear() {
        java.util.Arrays.fill(ids, 0);
        size = 0;
    }
}
