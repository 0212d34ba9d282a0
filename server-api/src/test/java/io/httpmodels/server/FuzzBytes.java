package io.httpmodels.server;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A fuzzer's raw input read as choices, for the fuzz tests: every {@code @FuzzTest} here takes {@code byte[]} (the
 * fastest signature, whose corpus files are exactly the bytes) and reads what it needs from it with this. Reading
 * past the end gives zeros, so every input, the empty one included, is a valid sequence of choices.
 *
 * <p>The convention for "bytes in pieces" ({@link #pieces()} then {@link #rest()}): the first byte says how many
 * read sizes follow (1 to 8), each next byte one size (1 to 1021 bytes); what remains is the input, handed out in
 * reads of those sizes, in turn. A seed file that means "this request in one read" is {@link #wholeInOneRead}.
 *
 * <p>Not thread-safe: one per fuzz input.
 */
public final class FuzzBytes {

    private final byte[] data;
    private int pos;

    public FuzzBytes(byte[] data) {
        this.data = data;
    }

    /** The next byte, unsigned; 0 past the end. */
    public int nextByte() {
        return pos < data.length ? data[pos++] & 0xFF : 0;
    }

    /** A number in {@code [0, bound)} from the next byte (or two, for bounds over 256). */
    public int nextInt(int bound) {
        int value = bound > 256 ? nextByte() << 8 | nextByte() : nextByte();
        return value % bound;
    }

    /** One of {@code choices}. */
    @SafeVarargs
    public final <T> T pick(T... choices) {
        return choices[nextInt(choices.length)];
    }

    /** The next {@code n} bytes (zeros past the end). */
    public byte[] nextBytes(int n) {
        byte[] out = new byte[n];
        for (int i = 0; i < n; i++) {
            out[i] = (byte) nextByte();
        }
        return out;
    }

    /** The read sizes at the start of the input (see the class comment). */
    public int[] pieces() {
        int count = 1 + nextByte() % 8;
        int[] sizes = new int[count];
        for (int i = 0; i < count; i++) {
            sizes[i] = 1 + nextByte() * 4;
        }
        return sizes;
    }

    /** Everything not read yet. */
    public byte[] rest() {
        byte[] rest = pos < data.length ? Arrays.copyOfRange(data, pos, data.length) : new byte[0];
        pos = data.length;
        return rest;
    }

    /** {@code input} cut into reads of {@code sizes}, in turn. */
    public static List<byte[]> split(byte[] input, int[] sizes) {
        List<byte[]> reads = new ArrayList<>();
        for (int from = 0, i = 0; from < input.length; i++) {
            int n = Math.min(sizes[i % sizes.length], input.length - from);
            reads.add(Arrays.copyOfRange(input, from, from + n));
            from += n;
        }
        return reads;
    }

    /** A stream that hands out {@code input} in reads of {@code sizes}, as a socket might. */
    public static InputStream piecewise(byte[] input, int[] sizes) {
        return new InputStream() {
            private int at;
            private int reads;

            @Override
            public int read() {
                return at < input.length ? input[at++] & 0xFF : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (len == 0) {
                    throw new AssertionError("asked for 0 bytes: the reader's buffer is full and it would spin");
                }
                if (at >= input.length) {
                    return -1;
                }
                int n = Math.min(Math.min(len, sizes[reads++ % sizes.length]), input.length - at);
                System.arraycopy(input, at, b, off, n);
                at += n;
                return n;
            }
        };
    }

    /** The fuzz input that means {@code input} in reads of at most 1021 bytes: a seed file's content. */
    public static byte[] wholeInOneRead(byte[] input) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(input.length + 2);
        out.write(0); // one size
        out.write(255); // of 1021 bytes
        out.writeBytes(input);
        return out.toByteArray();
    }
}
