package io.httpmodels.load;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Incremental HTTP/1.1 response parser for one connection: status line, headers, bodies framed by
 * {@code Content-Length}, by {@code Transfer-Encoding: chunked} or by the end of the connection.
 *
 * <p>Bytes may arrive split at any offset and one buffer may hold many responses; the parser keeps its
 * position between calls to {@link #feed(ByteBuffer)} and counts completed responses. It never builds a
 * String and allocates nothing after construction: header names are matched byte by byte against the
 * three that matter for framing, and every other header is skipped.
 *
 * <p>Status codes of completed responses are counted into the {@code long[]} given to the constructor
 * (index = code), which the owning worker shares between its connections.
 *
 * <p>Not thread-safe: one parser per connection, used by the connection's event-loop thread only.
 *
 * <pre>{@code
 * int done = parser.feed(buffer);       // consumes buffer up to its limit
 * if (parser.isMalformed()) ...         // stop, count a malformed response, reconnect
 * if (parser.closeRequested()) ...      // the last response said "Connection: close"
 * }</pre>
 */
public final class ResponseParser {

    /** Upper bound on status line plus headers of one response, in bytes; beyond it input is malformed. */
    public static final int MAX_HEAD_BYTES = 64 * 1024;

    /** Length of the array given to the constructor: status codes 0 to 599 are counted. */
    public static final int STATUS_CODES = 600;

    private static final byte[] HTTP_PREFIX = {'H', 'T', 'T', 'P', '/', '1', '.'};
    private static final byte[] CONTENT_LENGTH = "content-length".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONNECTION = "connection".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRANSFER_ENCODING = "transfer-encoding".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CHUNKED = {'c', 'h', 'u', 'n', 'k', 'e', 'd'};
    private static final byte[] CLOSE = {'c', 'l', 'o', 's', 'e'};

    private static final int H_CONTENT_LENGTH = 1;
    private static final int H_CONNECTION = 2;
    private static final int H_TRANSFER_ENCODING = 4;

    private static final int STATUS_PREFIX = 0;
    private static final int STATUS_MINOR = 1;
    private static final int STATUS_SP = 2;
    private static final int STATUS_CODE = 3;
    private static final int STATUS_AFTER_CODE = 4;
    private static final int STATUS_REASON = 5;
    private static final int HEADER_START = 6;
    private static final int HEADER_NAME = 7;
    private static final int HEADER_VALUE = 8;
    private static final int HEADER_VALUE_SKIP = 9;
    private static final int HEADERS_END_LF = 10;
    private static final int BODY_LENGTH = 11;
    private static final int BODY_UNTIL_CLOSE = 12;
    private static final int CHUNK_SIZE = 13;
    private static final int CHUNK_EXT = 14;
    private static final int CHUNK_SIZE_LF = 15;
    private static final int CHUNK_DATA = 16;
    private static final int CHUNK_DATA_CR = 17;
    private static final int CHUNK_DATA_LF = 18;
    private static final int TRAILER_START = 19;
    private static final int TRAILER_LINE = 20;
    private static final int TRAILER_END_LF = 21;
    private static final int DONE_CLOSE = 22;
    private static final int MALFORMED = 23;
    private static final int HEADER_OTHER_NAME = 24;

    /** RFC 9110 tchar: the bytes allowed in a header name. */
    private static final boolean[] TOKEN = new boolean[256];

    static {
        String tchar = "!#$%&'*+-.^_`|~";
        for (int b = 0; b < 256; b++) {
            TOKEN[b] = (b >= '0' && b <= '9')
                    || (b >= 'a' && b <= 'z')
                    || (b >= 'A' && b <= 'Z')
                    || (b < 128 && tchar.indexOf(b) >= 0);
        }
    }

    private final long[] statusCounts;
    private boolean noBody;

    private int state = STATUS_PREFIX;
    private int index;
    private int status;
    private int headBytes;
    private int header;
    private long contentLength = -1;
    private boolean chunked;
    private boolean connectionClose;
    private long remaining;
    private boolean chunkSizeHasDigits;
    // Value scanning for the framing headers: progress in the current token, and whether it has ended.
    private int tokenMatch;
    private boolean tokenEnded;
    private boolean valueDigits;
    private boolean valueDigitsEnded;

    private boolean closeRequested;
    private int errorResponses;
    private String malformedReason;

    /**
     * @param statusCounts where completed responses are counted by status code; length at least
     *                     {@link #STATUS_CODES}; owned by the same thread as this parser
     */
    public ResponseParser(long[] statusCounts) {
        if (statusCounts.length < STATUS_CODES) {
            throw new IllegalArgumentException("statusCounts needs " + STATUS_CODES + " entries");
        }
        this.statusCounts = statusCounts;
    }

    /** Declares that responses carry no body whatever their headers say, as for HEAD requests. */
    public void noBody(boolean noBody) {
        this.noBody = noBody;
    }

    /**
     * Parses the bytes between the buffer's position and limit and moves the position to the limit.
     *
     * @return how many responses completed in these bytes (1xx interim responses are not counted)
     */
    public int feed(ByteBuffer buf) {
        int i = buf.position();
        final int limit = buf.limit();
        int completed = 0;
        int st = state;
        while (i < limit) {
            switch (st) {
                case BODY_LENGTH: {
                    // Fast path: skip body bytes in bulk.
                    long n = Math.min(remaining, limit - i);
                    i += (int) n;
                    remaining -= n;
                    if (remaining == 0) {
                        st = complete();
                        completed++;
                        if (st == DONE_CLOSE) {
                            i = limit;
                        }
                    }
                    continue;
                }
                case STATUS_PREFIX: {
                    // Fast path: a whole "HTTP/1.x SSS" in the buffer, checked without a state per byte.
                    if (index == 0 && limit - i >= 13) {
                        int code = statusLine(buf, i);
                        if (code > 0) {
                            status = code;
                            i += 12;
                            headBytes += 12;
                            st = STATUS_AFTER_CODE;
                            continue;
                        }
                    }
                    break;
                }
                case STATUS_REASON:
                case HEADER_VALUE_SKIP: {
                    int start = i;
                    i = indexOfNewline(buf, i, limit);
                    headBytes += i - start;
                    if (i < limit) {
                        i++;
                        headBytes++;
                        st = HEADER_START;
                    }
                    if (headBytes > MAX_HEAD_BYTES) {
                        st = malformed("response head larger than " + MAX_HEAD_BYTES + " bytes");
                    }
                    continue;
                }
                case HEADER_OTHER_NAME: {
                    // A header the parser does not need: check its name, find the colon, then skip the value.
                    int start = i;
                    while (i < limit) {
                        byte b = buf.get(i);
                        if (b == ':' || !TOKEN[b & 0xff]) {
                            break;
                        }
                        i++;
                    }
                    headBytes += i - start;
                    if (i < limit) {
                        byte b = buf.get(i++);
                        headBytes++;
                        st = b == ':'
                                ? HEADER_VALUE_SKIP
                                : malformed(
                                        b == '\n' || b == '\r'
                                                ? "header line without a colon"
                                                : "bad character in header name");
                    }
                    if (headBytes > MAX_HEAD_BYTES) {
                        st = malformed("response head larger than " + MAX_HEAD_BYTES + " bytes");
                    }
                    continue;
                }
                case HEADER_NAME: {
                    // A name that may be one of the framing headers: match it byte by byte, in a tight loop.
                    int start = i;
                    int h = header;
                    int n = index;
                    while (i < limit) {
                        byte b = buf.get(i);
                        if (b == ':' || !TOKEN[b & 0xff]) {
                            break;
                        }
                        if (h != 0) {
                            h = narrow(h, n, b | 0x20);
                        }
                        n++;
                        i++;
                    }
                    header = h;
                    index = n;
                    headBytes += i - start;
                    if (i < limit) {
                        byte b = buf.get(i++);
                        headBytes++;
                        st = b == ':'
                                ? headerName(b)
                                : malformed(
                                        b == '\n' || b == '\r'
                                                ? "header line without a colon"
                                                : "bad character in header name");
                    }
                    if (headBytes > MAX_HEAD_BYTES) {
                        st = malformed("response head larger than " + MAX_HEAD_BYTES + " bytes");
                    }
                    continue;
                }
                case CHUNK_DATA: {
                    long n = Math.min(remaining, limit - i);
                    i += (int) n;
                    remaining -= n;
                    if (remaining == 0) {
                        st = CHUNK_DATA_CR;
                    }
                    continue;
                }
                case BODY_UNTIL_CLOSE:
                case DONE_CLOSE:
                case MALFORMED:
                    i = limit;
                    continue;
                default:
                    break;
            }
            byte b = buf.get(i++);
            st = step(st, b);
            if (st < 0) {
                // A response completed on this byte; step returned the next state, negated minus one.
                st = -st - 1;
                completed++;
                if (st == DONE_CLOSE) {
                    i = limit;
                }
            }
        }
        state = st;
        buf.position(limit);
        return completed;
    }

    /** The status code of a well-formed "HTTP/1.x SSS" at i (12 bytes available), or 0 to take the slow path. */
    private static int statusLine(ByteBuffer buf, int i) {
        if (buf.get(i) != 'H'
                || buf.get(i + 1) != 'T'
                || buf.get(i + 2) != 'T'
                || buf.get(i + 3) != 'P'
                || buf.get(i + 4) != '/'
                || buf.get(i + 5) != '1'
                || buf.get(i + 6) != '.'
                || !isDigit(buf.get(i + 7))
                || buf.get(i + 8) != ' ') {
            return 0;
        }
        int d0 = buf.get(i + 9) - '0';
        int d1 = buf.get(i + 10) - '0';
        int d2 = buf.get(i + 11) - '0';
        if (d0 < 1 || d0 > 9 || d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9) {
            return 0;
        }
        return d0 * 100 + d1 * 10 + d2;
    }

    /** Index of the first '\n' in [i, limit), or limit; eight bytes at a time (SWAR). */
    private static int indexOfNewline(ByteBuffer buf, int i, int limit) {
        boolean bigEndian = buf.order() == ByteOrder.BIG_ENDIAN;
        while (limit - i >= 8) {
            long w = buf.getLong(i);
            if (bigEndian) {
                w = Long.reverseBytes(w);
            }
            // Bytes equal to '\n' become zero; the lowest zero byte is found exactly.
            long x = w ^ 0x0A0A0A0A0A0A0A0AL;
            long found = (x - 0x0101010101010101L) & ~x & 0x8080808080808080L;
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
            i += 8;
        }
        while (i < limit && buf.get(i) != '\n') {
            i++;
        }
        return i;
    }

    /**
     * Tells the parser the peer closed the connection.
     *
     * @return 1 if that completes a response whose body runs to the end of the connection, else 0
     */
    public int feedEof() {
        if (state == BODY_UNTIL_CLOSE) {
            complete();
            state = DONE_CLOSE;
            return 1;
        }
        return 0;
    }

    /** Whether a response has been started but not completed (bytes of it were seen). */
    public boolean inResponse() {
        return state != DONE_CLOSE && (state != STATUS_PREFIX || index != 0);
    }

    /** Whether the input was not HTTP/1.x; the connection must be dropped. */
    public boolean isMalformed() {
        return state == MALFORMED;
    }

    /** Why the input was malformed, or null. */
    public String malformedReason() {
        return malformedReason;
    }

    /** Whether the last completed response announced {@code Connection: close}; later bytes are ignored. */
    public boolean closeRequested() {
        return closeRequested;
    }

    /** Returns how many completed responses had a status of 400 or more since the last call, and resets it. */
    public int takeErrorResponses() {
        int n = errorResponses;
        errorResponses = 0;
        return n;
    }

    /** Forgets everything about the current connection, for a new one. */
    public void reset() {
        resetMessage();
        state = STATUS_PREFIX;
        closeRequested = false;
        errorResponses = 0;
        malformedReason = null;
    }

    private void resetMessage() {
        index = 0;
        status = 0;
        headBytes = 0;
        header = 0;
        contentLength = -1;
        chunked = false;
        connectionClose = false;
        remaining = 0;
        chunkSizeHasDigits = false;
    }

    /** One byte through the head and chunk-framing states. Returns the next state, or -(state+1) on completion. */
    private int step(int st, byte b) {
        if (st <= HEADERS_END_LF && ++headBytes > MAX_HEAD_BYTES) {
            return malformed("response head larger than " + MAX_HEAD_BYTES + " bytes");
        }
        switch (st) {
            case STATUS_PREFIX:
                if (b != HTTP_PREFIX[index]) {
                    return malformed("status line does not start with HTTP/1.");
                }
                if (++index == HTTP_PREFIX.length) {
                    index = 0;
                    return STATUS_MINOR;
                }
                return STATUS_PREFIX;
            case STATUS_MINOR:
                return isDigit(b) ? STATUS_SP : malformed("bad HTTP minor version");
            case STATUS_SP:
                return b == ' ' ? STATUS_CODE : malformed("no space after HTTP version");
            case STATUS_CODE:
                if (!isDigit(b)) {
                    return malformed("status code is not three digits");
                }
                status = status * 10 + (b - '0');
                if (++index == 3) {
                    index = 0;
                    return status < 100 ? malformed("status code below 100") : STATUS_AFTER_CODE;
                }
                return STATUS_CODE;
            case STATUS_AFTER_CODE:
                if (b == ' ' || b == '\r') {
                    return STATUS_REASON;
                }
                return b == '\n' ? HEADER_START : malformed("status code is not three digits");
            case HEADER_START:
                return headerStart(b);
            case HEADER_VALUE:
                return headerValue(b);
            case HEADERS_END_LF:
                return b == '\n' ? endOfHead() : malformed("CR not followed by LF after headers");
            case CHUNK_SIZE:
                return chunkSize(b);
            case CHUNK_EXT:
                return b == '\n' ? chunkSizeDone() : CHUNK_EXT;
            case CHUNK_SIZE_LF:
                return b == '\n' ? chunkSizeDone() : malformed("CR not followed by LF after chunk size");
            case CHUNK_DATA_CR:
                if (b == '\r') {
                    return CHUNK_DATA_LF;
                }
                return b == '\n' ? CHUNK_SIZE : malformed("chunk data longer than its size");
            case CHUNK_DATA_LF:
                return b == '\n' ? CHUNK_SIZE : malformed("CR not followed by LF after chunk data");
            case TRAILER_START:
                if (b == '\r') {
                    return TRAILER_END_LF;
                }
                return b == '\n' ? completed() : TRAILER_LINE;
            case TRAILER_LINE:
                return b == '\n' ? TRAILER_START : TRAILER_LINE;
            case TRAILER_END_LF:
                return b == '\n' ? completed() : malformed("CR not followed by LF after trailers");
            default:
                throw new IllegalStateException("parser state " + st);
        }
    }

    private int headerStart(byte b) {
        if (b == '\r') {
            return HEADERS_END_LF;
        }
        if (b == '\n') {
            return endOfHead();
        }
        if (b == ' ' || b == '\t') {
            // Obsolete line folding: a continuation of the previous value; framing headers never use it.
            return HEADER_VALUE_SKIP;
        }
        if (!TOKEN[b & 0xff]) {
            return malformed("bad character in header name");
        }
        int lower = b | 0x20;
        if (lower == 'c') {
            header = H_CONTENT_LENGTH | H_CONNECTION;
        } else if (lower == 't') {
            header = H_TRANSFER_ENCODING;
        } else {
            return HEADER_OTHER_NAME;
        }
        index = 1;
        return HEADER_NAME;
    }

    private int headerName(byte b) {
        if (b == ':') {
            int h = header;
            int n = index;
            header = 0;
            if ((h & H_CONTENT_LENGTH) != 0 && n == CONTENT_LENGTH.length) {
                header = H_CONTENT_LENGTH;
                valueDigits = false;
                valueDigitsEnded = false;
                if (contentLength >= 0) {
                    // A repeated Content-Length: keep parsing and require the same value.
                    remaining = contentLength;
                    contentLength = -1;
                } else {
                    remaining = -1;
                }
            } else if ((h & H_CONNECTION) != 0 && n == CONNECTION.length) {
                header = H_CONNECTION;
            } else if ((h & H_TRANSFER_ENCODING) != 0 && n == TRANSFER_ENCODING.length) {
                header = H_TRANSFER_ENCODING;
            }
            if (header == 0) {
                return HEADER_VALUE_SKIP;
            }
            tokenMatch = 0;
            tokenEnded = false;
            return HEADER_VALUE;
        }
        throw new IllegalStateException("header names are matched in feed");
    }

    /** Drops the candidate framing headers whose name does not have {@code lower} at position n. */
    private static int narrow(int h, int n, int lower) {
        if ((h & H_CONTENT_LENGTH) != 0 && (n >= CONTENT_LENGTH.length || CONTENT_LENGTH[n] != lower)) {
            h &= ~H_CONTENT_LENGTH;
        }
        if ((h & H_CONNECTION) != 0 && (n >= CONNECTION.length || CONNECTION[n] != lower)) {
            h &= ~H_CONNECTION;
        }
        if ((h & H_TRANSFER_ENCODING) != 0 && (n >= TRANSFER_ENCODING.length || TRANSFER_ENCODING[n] != lower)) {
            h &= ~H_TRANSFER_ENCODING;
        }
        return h;
    }

    private int headerValue(byte b) {
        if (b == '\n') {
            return endOfValue();
        }
        if (b == '\r') {
            return HEADER_VALUE;
        }
        if (header == H_CONTENT_LENGTH) {
            if (isDigit(b)) {
                if (valueDigitsEnded) {
                    return malformed("bad Content-Length");
                }
                valueDigits = true;
                if (contentLength < 0) {
                    contentLength = 0;
                }
                if (contentLength > (Long.MAX_VALUE - 9) / 10) {
                    return malformed("Content-Length too large");
                }
                contentLength = contentLength * 10 + (b - '0');
            } else if (b == ' ' || b == '\t') {
                valueDigitsEnded = valueDigits;
            } else {
                return malformed("bad Content-Length");
            }
            return HEADER_VALUE;
        }
        // Connection and Transfer-Encoding: comma-separated tokens, case-insensitive.
        byte[] token = header == H_CONNECTION ? CLOSE : CHUNKED;
        if (b == ',') {
            if (header == H_CONNECTION && tokenMatch == CLOSE.length) {
                connectionClose = true;
            }
            tokenMatch = 0;
            tokenEnded = false;
        } else if (b == ' ' || b == '\t') {
            tokenEnded = tokenMatch != 0;
        } else if (tokenEnded || tokenMatch < 0 || tokenMatch >= token.length || token[tokenMatch] != (b | 0x20)) {
            tokenMatch = -1;
        } else {
            tokenMatch++;
        }
        return HEADER_VALUE;
    }

    private int endOfValue() {
        if (header == H_CONTENT_LENGTH) {
            if (!valueDigits) {
                return malformed("empty Content-Length");
            }
            if (remaining >= 0 && remaining != contentLength) {
                return malformed("conflicting Content-Length headers");
            }
            remaining = 0;
        } else if (header == H_CONNECTION) {
            if (tokenMatch == CLOSE.length) {
                connectionClose = true;
            }
        } else if (header == H_TRANSFER_ENCODING) {
            // Chunked must be the last coding; anything else leaves the body delimited by close.
            chunked = tokenMatch == CHUNKED.length;
        }
        header = 0;
        return HEADER_START;
    }

    private int endOfHead() {
        if (status < 200 && status != 101) {
            // Interim response (100 Continue, 103 Early Hints): the real one follows.
            resetMessage();
            return STATUS_PREFIX;
        }
        if (noBody || status == 204 || status == 304 || status < 200) {
            return completed();
        }
        if (chunked) {
            remaining = 0;
            chunkSizeHasDigits = false;
            return CHUNK_SIZE;
        }
        if (contentLength >= 0) {
            if (contentLength == 0) {
                return completed();
            }
            remaining = contentLength;
            return BODY_LENGTH;
        }
        return BODY_UNTIL_CLOSE;
    }

    private int chunkSize(byte b) {
        int d = hexValue(b);
        if (d >= 0) {
            if (remaining > (Long.MAX_VALUE >> 4)) {
                return malformed("chunk size too large");
            }
            remaining = (remaining << 4) | d;
            chunkSizeHasDigits = true;
            return CHUNK_SIZE;
        }
        if (!chunkSizeHasDigits) {
            return malformed("bad chunk size");
        }
        if (b == '\r') {
            return CHUNK_SIZE_LF;
        }
        if (b == '\n') {
            return chunkSizeDone();
        }
        if (b == ';' || b == ' ' || b == '\t') {
            return CHUNK_EXT;
        }
        return malformed("bad chunk size");
    }

    private int chunkSizeDone() {
        chunkSizeHasDigits = false;
        if (remaining == 0) {
            return TRAILER_START;
        }
        return CHUNK_DATA;
    }

    /** Completion from within {@link #step}: encodes the next state as a negative number. */
    private int completed() {
        return -complete() - 1;
    }

    /** Counts the finished response and returns the next state. */
    private int complete() {
        int code = status;
        statusCounts[code < STATUS_CODES ? code : 0]++;
        if (code >= 400) {
            errorResponses++;
        }
        boolean close = connectionClose;
        resetMessage();
        if (close) {
            closeRequested = true;
            return DONE_CLOSE;
        }
        return STATUS_PREFIX;
    }

    private int malformed(String reason) {
        malformedReason = reason;
        return MALFORMED;
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    private static int hexValue(byte b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        int lower = b | 0x20;
        if (lower >= 'a' && lower <= 'f') {
            return lower - 'a' + 10;
        }
        return -1;
    }
}
