package io.httpmodels.server;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * HTTP/2 frames written by hand (RFC 9113 §4.1: a 9-byte header, then the payload), and the few HPACK representations
 * (RFC 7541) the attack kit needs: literals and indexed fields, never Huffman-coded, so a frame's bytes read plainly
 * in a hex dump. Only what a client sends; {@link Http2AttackConnection} reads the server's frames by their headers.
 */
final class Http2Frames {

    static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    static final int DATA = 0x0;
    static final int HEADERS = 0x1;
    static final int RST_STREAM = 0x3;
    static final int SETTINGS = 0x4;
    static final int PING = 0x6;
    static final int GOAWAY = 0x7;
    static final int WINDOW_UPDATE = 0x8;
    static final int CONTINUATION = 0x9;

    static final int END_STREAM = 0x1;
    static final int ACK = 0x1;
    static final int END_HEADERS = 0x4;

    static final int SETTINGS_MAX_CONCURRENT_STREAMS = 0x3;
    static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
    static final int SETTINGS_ENABLE_PUSH = 0x2;
    static final int SETTINGS_MAX_FRAME_SIZE = 0x5;

    /** The connection and stream error codes the conformance kit expects (RFC 9113 §7). */
    static final int PROTOCOL_ERROR = 0x1;

    static final int FLOW_CONTROL_ERROR = 0x3;
    static final int STREAM_CLOSED = 0x5;
    static final int FRAME_SIZE_ERROR = 0x6;

    /** RST_STREAM's CANCEL and REFUSED_STREAM codes (RFC 9113 §7). */
    static final int CANCEL = 0x8;

    static final int REFUSED_STREAM = 0x7;

    /** The largest frame payload a peer must take without asking (SETTINGS_MAX_FRAME_SIZE's initial value). */
    static final int MAX_FRAME_PAYLOAD = 16_384;

    private Http2Frames() {}

    /** One frame: the 24-bit length, type, flags, the stream id with its reserved bit clear, then the payload. */
    static byte[] frame(int type, int flags, int streamId, byte[] payload) {
        byte[] frame = new byte[9 + payload.length];
        frame[0] = (byte) (payload.length >>> 16);
        frame[1] = (byte) (payload.length >>> 8);
        frame[2] = (byte) payload.length;
        frame[3] = (byte) type;
        frame[4] = (byte) flags;
        frame[5] = (byte) ((streamId >>> 24) & 0x7f);
        frame[6] = (byte) (streamId >>> 16);
        frame[7] = (byte) (streamId >>> 8);
        frame[8] = (byte) streamId;
        System.arraycopy(payload, 0, frame, 9, payload.length);
        return frame;
    }

    /** A SETTINGS frame with the given identifier and value pairs. */
    static byte[] settings(int... idsAndValues) {
        byte[] payload = new byte[idsAndValues.length / 2 * 6];
        for (int i = 0, at = 0; i < idsAndValues.length; i += 2, at += 6) {
            payload[at] = (byte) (idsAndValues[i] >>> 8);
            payload[at + 1] = (byte) idsAndValues[i];
            putInt(payload, at + 2, idsAndValues[i + 1]);
        }
        return frame(SETTINGS, 0, 0, payload);
    }

    static byte[] settingsAck() {
        return frame(SETTINGS, ACK, 0, new byte[0]);
    }

    static byte[] ping(long opaque) {
        return frame(PING, 0, 0, pingPayload(opaque));
    }

    /** A PING's 8 opaque bytes, big-endian. */
    static byte[] pingPayload(long opaque) {
        byte[] payload = new byte[8];
        putInt(payload, 0, (int) (opaque >>> 32));
        putInt(payload, 4, (int) opaque);
        return payload;
    }

    static byte[] rstStream(int streamId, int errorCode) {
        byte[] payload = new byte[4];
        putInt(payload, 0, errorCode);
        return frame(RST_STREAM, 0, streamId, payload);
    }

    static byte[] windowUpdate(int streamId, int increment) {
        byte[] payload = new byte[4];
        putInt(payload, 0, increment);
        return frame(WINDOW_UPDATE, 0, streamId, payload);
    }

    /**
     * A request's header block: its pseudo-header fields as literals without indexing, each named by its index in
     * the static table (RFC 7541 §6.2.2, Appendix A), as browsers, curl and the JDK's client send them. Helidon 4
     * answers a pseudo-header field with a literal name with GOAWAY PROTOCOL_ERROR, though RFC 7541 allows it.
     */
    static byte[] requestBlock(String method, String path) {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        literalOfIndexedName(block, 2, method); // :method
        literalOfIndexedName(block, 6, "http"); // :scheme
        literalOfIndexedName(block, 4, path); // :path
        literalOfIndexedName(block, 1, "localhost"); // :authority
        return block.toByteArray();
    }

    /** A literal header field without indexing whose name is {@code index} (under 15) in the static table. */
    static void literalOfIndexedName(ByteArrayOutputStream block, int index, String value) {
        block.write(index);
        string(block, value);
    }

    /** A literal header field without indexing, with a new name; name and value each shorter than 127 bytes. */
    static void literal(ByteArrayOutputStream block, String name, String value) {
        block.write(0x00);
        string(block, name);
        string(block, value);
    }

    /**
     * A literal header field with incremental indexing and a new name (RFC 7541 §6.2.1): the decoder adds it to its
     * dynamic table, where index 62 then names it.
     */
    static void indexedLiteral(ByteArrayOutputStream block, String name, String value) {
        block.write(0x40);
        string(block, name);
        string(block, value);
    }

    /** A string literal, not Huffman-coded, its length an HPACK integer with a 7-bit prefix (RFC 7541 §5.1, §5.2). */
    static void string(ByteArrayOutputStream block, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        int length = bytes.length;
        if (length < 127) {
            block.write(length);
        } else {
            block.write(127);
            length -= 127;
            while (length >= 128) {
                block.write((length & 0x7f) | 0x80);
                length >>>= 7;
            }
            block.write(length);
        }
        block.writeBytes(bytes);
    }

    /** A stream's id as the {@code n}th (from 0) request of a client: odd, ascending. */
    static int clientStream(int n) {
        return 2 * n + 1;
    }

    static int readInt(byte[] bytes, int at) {
        return (bytes[at] & 0xff) << 24
                | (bytes[at + 1] & 0xff) << 16
                | (bytes[at + 2] & 0xff) << 8
                | (bytes[at + 3] & 0xff);
    }

    private static void putInt(byte[] bytes, int at, int value) {
        bytes[at] = (byte) (value >>> 24);
        bytes[at + 1] = (byte) (value >>> 16);
        bytes[at + 2] = (byte) (value >>> 8);
        bytes[at + 3] = (byte) value;
    }
}
