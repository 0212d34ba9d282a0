package io.httpmodels.server.http;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Reads HTTP/1.1 requests from a blocking stream, one {@link #read()} per request, for the blocking models.
 *
 * <p>Buffered: it reads whatever the socket has into its own buffer and parses from there, so pipelined
 * requests that arrive together are parsed without further reads. Before every read that may block it flushes
 * the connection's {@link HttpResponseWriter}, so the answers to everything already parsed leave together in one
 * write and a pipelining client never waits on a response the server is sitting on.
 *
 * <p>Strict where leniency enables request smuggling (RFC 9112 §6.3, §11.2): a Content-Length that is not a
 * plain decimal, more than one Content-Length line, or Content-Length with Transfer-Encoding are rejected with 400, and a
 * Transfer-Encoding whose final coding is not {@code chunked} with 400 ({@link TransferCodings}); every line must
 * end with CRLF (a bare LF is 400, as in the Netty model); chunk lines follow {@link ChunkExtensionSyntax} and
 * {@code Host} {@link HostField}. Lenient where RFC 9112 allows: empty lines before the request line are
 * skipped. Limits: the request line and header fields together at most {@code maxHeaderBytes} (414 when the
 * request line alone is over, else 431), the body at most {@code maxBodyBytes} (413, decided from
 * Content-Length before any body byte is read).
 *
 * <p>Resumable over a non-blocking source: when the stream under it throws an {@link IOException} from a read
 * (a source that has no more bytes yet, say), everything parsed so far stays in the reader, the half-read body
 * included, and the next {@link #read()} goes on from there once the source has more. The blocking models never
 * see this; the nio reactor parses with it without a second parser ({@link #isBetweenRequests()}).
 *
 * <p>Not thread-safe: one reader per connection, used by the thread that serves it.
 */
public final class HttpRequestReader {

    private static final byte[] NO_BODY = new byte[0];
    // Indexed by the byte's unsigned value: no range check needed.
    private static final boolean[] TCHAR = new boolean[256];

    static {
        for (char c = '0'; c <= '9'; c++) {
            TCHAR[c] = true;
        }
        for (char c = 'a'; c <= 'z'; c++) {
            TCHAR[c] = true;
            TCHAR[Character.toUpperCase(c)] = true;
        }
        for (char c : "!#$%&'*+-.^_`|~".toCharArray()) {
            TCHAR[c] = true;
        }
    }

    private final InputStream in;
    private final HttpResponseWriter writer;
    private final int maxHeaderBytes;
    private final int maxBodyBytes;
    private final byte[] buf;
    private int pos;
    private int limit;
    /** Between the end of a head and the end of its body: what a read now waits for is body bytes. */
    private boolean readingBody;

    /** The head whose body is being read: kept so that a read interrupted inside the body can resume. */
    private Head head;
    /** A Content-Length body being read, and how much of it has arrived. */
    private byte[] fixedBody;

    private int fixedFilled;
    /** A chunked body being read: its bytes so far, where in a chunk the reader is, and what is left of the chunk. */
    private ByteArrayOutputStream chunkedBody;

    private ChunkPhase chunkPhase;
    private int chunkLeft;
    private int trailerBytes;

    /** The parts of a chunked body, in the order they come. */
    private enum ChunkPhase {
        SIZE_LINE,
        DATA,
        DATA_END,
        TRAILERS
    }

    /** A parsed head waiting for its body. */
    private record Head(
            String method,
            String target,
            String version,
            List<HttpHeader> headers,
            boolean keepAlive,
            boolean chunked,
            int contentLength) {}

    /**
     * @param in             the connection's input, read in large chunks (no byte-at-a-time reads)
     * @param writer         the connection's writer: flushed before blocking reads, and used for
     *                       {@code 100 Continue}
     * @param maxHeaderBytes the largest request line plus header fields, in bytes
     * @param maxBodyBytes   the largest body, in bytes
     */
    public HttpRequestReader(InputStream in, HttpResponseWriter writer, int maxHeaderBytes, int maxBodyBytes) {
        this.in = in;
        this.writer = writer;
        this.maxHeaderBytes = maxHeaderBytes;
        this.maxBodyBytes = maxBodyBytes;
        this.buf = new byte[Math.max(8192, maxHeaderBytes + 4)];
    }

    /** Whether bytes of a following request are already buffered (a pipelining client). */
    public boolean hasBufferedInput() {
        return pos < limit;
    }

    /**
     * Whether the reader is reading a request body (its head complete), rather than a head or the wait before
     * one: lets the stream under it apply a body deadline rather than a head deadline to the read it is asked for.
     */
    public boolean readingBody() {
        return readingBody;
    }

    /**
     * Whether the reader holds nothing of a request: no byte buffered and no body half read. A reader whose last
     * {@link #read()} was interrupted by its stream (see the class comment) between two requests is in this state
     * and can be pointed at another connection's bytes; any other interrupted reader belongs to its connection.
     */
    public boolean isBetweenRequests() {
        return pos == limit && head == null;
    }

    /**
     * Reads the next request, body included.
     *
     * @return the request, or {@code null} when the peer closed the connection between requests
     * @throws RequestRejectedException when the request is malformed or over a limit; answer and close
     * @throws EOFException             when the peer closed in the middle of a request
     * @throws IOException              when the socket fails or times out ({@link java.net.SocketTimeoutException})
     */
    public HttpRequest read() throws IOException, RequestRejectedException {
        if (head != null) {
            return finishBody(); // resumed inside a body
        }
        int headEnd = awaitHead();
        if (headEnd < 0) {
            return null;
        }
        // The head ends with an LF, so every line in it has one.
        int lineEnd = indexOf((byte) '\n', pos, headEnd);
        String method = parseMethod(pos);
        int targetStart = pos + method.length() + 1;
        // The version has no spaces: the last space ends the target, so a space inside it is caught as one.
        int targetEnd = lastIndexOf((byte) ' ', targetStart, lineEnd);
        if (targetEnd <= targetStart) {
            throw badRequest("malformed request line");
        }
        String target = parseTarget(targetStart, targetEnd);
        int versionStart = targetEnd + 1;
        String version = parseVersion(versionStart, contentEnd(versionStart, lineEnd));

        List<HttpHeader> headers = new ArrayList<>(8);
        int hostCount = 0;
        String host = null;
        long contentLength = -1;
        List<String> transferEncodings = null;
        boolean closeRequested = false;
        boolean keepAliveRequested = false;
        boolean expectContinue = false;
        int lineStart = lineEnd + 1;
        while (true) {
            int end = indexOf((byte) '\n', lineStart, headEnd);
            int contentEnd = contentEnd(lineStart, end);
            if (contentEnd == lineStart) {
                break; // the empty line that ends the header section
            }
            HttpHeader header = parseHeader(lineStart, contentEnd);
            headers.add(header);
            String name = header.name();
            if (name.equalsIgnoreCase("Host")) {
                if (hostCount++ == 0) {
                    host = header.value();
                }
            } else if (name.equalsIgnoreCase("Content-Length")) {
                long length = parseContentLength(header.value());
                if (contentLength >= 0) {
                    // Two lines are one field (RFC 9110 §5.3), "5, 5", which is not a plain decimal: refused even
                    // when the values agree, as Netty refuses it (found by CodecDifferentialFuzzTest).
                    throw badRequest("more than one Content-Length header");
                }
                contentLength = length;
            } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                if (transferEncodings == null) {
                    transferEncodings = new ArrayList<>(1);
                }
                transferEncodings.add(header.value());
            } else if (name.equalsIgnoreCase("Connection")) {
                for (String token : header.value().split(",")) {
                    String option = token.strip();
                    closeRequested |= option.equalsIgnoreCase("close");
                    keepAliveRequested |= option.equalsIgnoreCase("keep-alive");
                }
            } else if (name.equalsIgnoreCase("Expect")) {
                expectContinue = header.value().equalsIgnoreCase("100-continue");
            }
            lineStart = end + 1;
        }
        pos = headEnd;

        boolean http11 = version == HttpRequest.HTTP_1_1;
        String hostProblem = HostField.problem(hostCount, host, http11);
        if (hostProblem != null) {
            throw badRequest(hostProblem);
        }
        boolean chunked = transferEncodings != null;
        if (chunked && contentLength >= 0) {
            throw badRequest("both Content-Length and Transfer-Encoding");
        }
        if (chunked && !http11) {
            // RFC 9112 §6.1: an HTTP/1.0 message with Transfer-Encoding has faulty framing.
            throw badRequest("Transfer-Encoding in an HTTP/1.0 request");
        }
        if (chunked) {
            RequestRejectedException refusal = TransferCodings.refusal(transferEncodings);
            if (refusal != null) {
                throw refusal;
            }
        }
        if (contentLength > maxBodyBytes) {
            throw tooLargeBody();
        }
        boolean keepAlive = http11 ? !closeRequested : keepAliveRequested && !closeRequested;

        // The list is this request's own and never changes again: wrap it rather than copy it.
        List<HttpHeader> fields = Collections.unmodifiableList(headers);
        if (!chunked && contentLength <= 0) {
            return new HttpRequest(method, target, version, fields, NO_BODY, keepAlive);
        }
        head = new Head(method, target, version, fields, keepAlive, chunked, (int) contentLength);
        readingBody = true;
        if (chunked) {
            chunkedBody = new ByteArrayOutputStream(256);
            chunkPhase = ChunkPhase.SIZE_LINE;
        } else {
            // What is buffered of the body now; the rest comes straight from the stream into the body.
            fixedBody = new byte[(int) contentLength];
            fixedFilled = Math.min(fixedBody.length, limit - pos);
            System.arraycopy(buf, pos, fixedBody, 0, fixedFilled);
            pos += fixedFilled;
        }
        // An HTTP/1.0 client cannot expect 100 Continue: its expectation is ignored (RFC 9110 §10.1.1).
        if (expectContinue && http11) {
            writer.writeContinue();
        }
        return finishBody();
    }

    // Reads the rest of the body of the head being read; every step's progress is in fields, so a read the stream
    // interrupts resumes here.
    private HttpRequest finishBody() throws IOException, RequestRejectedException {
        byte[] body = head.chunked() ? readChunkedBody() : readBody();
        Head done = head;
        head = null;
        readingBody = false;
        return new HttpRequest(done.method(), done.target(), done.version(), done.headers(), body, done.keepAlive());
    }

    // Returns the index just past the empty line that ends the head, reading as needed; -1 on a clean EOF.
    private int awaitHead() throws IOException, RequestRejectedException {
        int scanFrom = pos;
        while (true) {
            while (pos < limit && (buf[pos] == '\r' || buf[pos] == '\n')) {
                pos++; // RFC 9112 §2.2: empty lines before the request line are ignored
            }
            scanFrom = Math.max(scanFrom, pos);
            rejectBadMethodEarly();
            int headEnd = findHeadEnd(scanFrom, limit);
            if (headEnd >= 0) {
                if (headEnd - pos > maxHeaderBytes) {
                    throw headTooLarge(pos, headEnd);
                }
                return headEnd;
            }
            if (limit - pos > maxHeaderBytes) {
                throw headTooLarge(pos, limit);
            }
            // Resume the search a few bytes back, the end marker may straddle the read boundary; relative to pos,
            // since fill() moves the buffered bytes to the start.
            scanFrom = Math.max(pos, limit - 3) - pos;
            if (!fill()) {
                if (limit == 0) {
                    return -1;
                }
                throw new EOFException("connection closed inside a request head");
            }
        }
    }

    // Answers garbage (binary noise, a TLS handshake) as soon as its first bytes show it cannot be a method,
    // instead of waiting for a head end that may never come.
    private void rejectBadMethodEarly() throws RequestRejectedException {
        for (int i = pos; i < limit; i++) {
            if (buf[i] == ' ' && i > pos) {
                return;
            }
            if (!isTchar(buf[i])) {
                throw badRequest("malformed request line");
            }
        }
    }

    // Reads more bytes after moving the buffered ones to the start (pos is 0 afterwards); false on EOF.
    // Flushes pending responses before blocking.
    private boolean fill() throws IOException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= pos;
            pos = 0;
        }
        writer.flush();
        int n = in.read(buf, limit, buf.length - limit);
        if (n < 0) {
            return false;
        }
        limit += n;
        return true;
    }

    private int findHeadEnd(int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] == '\n') {
                // "\n\n" or "\n\r\n" ends the head (CRLF CRLF, or bare LFs, refused once the head is parsed). buf[pos]
                // is neither CR nor LF
                // (awaitHead skipped those), so an LF here is past pos, a CR at i - 1 too, and i - 2 is in the head.
                if (buf[i - 1] == '\n') {
                    return i + 1;
                }
                if (buf[i - 1] == '\r' && buf[i - 2] == '\n') {
                    return i + 1;
                }
            }
        }
        return -1;
    }

    private RequestRejectedException headTooLarge(int from, int to) {
        int lineEnd = indexOf((byte) '\n', from, to);
        if (lineEnd < 0 || lineEnd - from > maxHeaderBytes) {
            return new RequestRejectedException(
                    HttpStatus.URI_TOO_LONG, "request line longer than " + maxHeaderBytes + " bytes");
        }
        return new RequestRejectedException(
                HttpStatus.HEADER_FIELDS_TOO_LARGE, "header fields longer than " + maxHeaderBytes + " bytes");
    }

    // The request line's LF is not a tchar: it stops the scan.
    private String parseMethod(int start) throws RequestRejectedException {
        int end = start;
        while (isTchar(buf[end])) {
            end++;
        }
        if (end == start || buf[end] != ' ') {
            throw badRequest("malformed request line");
        }
        int length = end - start;
        // The common methods without allocating.
        if (length == 3 && buf[start] == 'G' && buf[start + 1] == 'E' && buf[start + 2] == 'T') {
            return "GET";
        }
        if (length == 4
                && buf[start] == 'P'
                && buf[start + 1] == 'O'
                && buf[start + 2] == 'S'
                && buf[start + 3] == 'T') {
            return "POST";
        }
        if (length == 4
                && buf[start] == 'H'
                && buf[start + 1] == 'E'
                && buf[start + 2] == 'A'
                && buf[start + 3] == 'D') {
            return "HEAD";
        }
        return new String(buf, start, length, StandardCharsets.US_ASCII);
    }

    private String parseTarget(int start, int end) throws RequestRejectedException {
        for (int i = start; i < end; i++) {
            int b = buf[i] & 0xFF;
            if (b <= ' ' || b >= 0x7F) {
                throw badRequest("invalid character in request target");
            }
        }
        return new String(buf, start, end - start, StandardCharsets.US_ASCII);
    }

    private String parseVersion(int start, int end) throws RequestRejectedException {
        if (end - start != 8
                || buf[start] != 'H'
                || buf[start + 1] != 'T'
                || buf[start + 2] != 'T'
                || buf[start + 3] != 'P'
                || buf[start + 4] != '/'
                || !isDigit(buf[start + 5])
                || buf[start + 6] != '.'
                || !isDigit(buf[start + 7])) {
            throw badRequest("malformed HTTP version");
        }
        if (buf[start + 5] == '1' && buf[start + 7] == '1') {
            return HttpRequest.HTTP_1_1;
        }
        if (buf[start + 5] == '1' && buf[start + 7] == '0') {
            return HttpRequest.HTTP_1_0;
        }
        throw new RequestRejectedException(
                HttpStatus.HTTP_VERSION_NOT_SUPPORTED, "only HTTP/1.1 and HTTP/1.0 are served");
    }

    private HttpHeader parseHeader(int start, int end) throws RequestRejectedException {
        if (buf[start] == ' ' || buf[start] == '\t') {
            throw badRequest("obsolete header line folding");
        }
        // buf[end] is the line's CR or LF: neither a tchar, a colon nor whitespace, so it stops every scan.
        int colon = start;
        while (isTchar(buf[colon])) {
            colon++;
        }
        if (colon == start || buf[colon] != ':') {
            throw badRequest("malformed header field");
        }
        int valueStart = colon + 1;
        while (buf[valueStart] == ' ' || buf[valueStart] == '\t') {
            valueStart++;
        }
        int valueEnd = end;
        while (valueEnd > valueStart && (buf[valueEnd - 1] == ' ' || buf[valueEnd - 1] == '\t')) {
            valueEnd--;
        }
        for (int i = valueStart; i < valueEnd; i++) {
            int b = buf[i] & 0xFF;
            if ((b < ' ' && b != '\t') || b == 0x7F) {
                throw badRequest("invalid character in header value");
            }
        }
        return new HttpHeader(
                new String(buf, start, colon - start, StandardCharsets.US_ASCII),
                new String(buf, valueStart, valueEnd - valueStart, StandardCharsets.ISO_8859_1));
    }

    private static long parseContentLength(String value) throws RequestRejectedException {
        if (value.isEmpty() || value.length() > 18) {
            throw badRequest("invalid Content-Length");
        }
        long length = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                throw badRequest("invalid Content-Length");
            }
            length = length * 10 + (c - '0');
        }
        return length;
    }

    private byte[] readBody() throws IOException {
        byte[] body = fixedBody;
        if (fixedFilled < body.length) {
            writer.flush();
            // One read at a time, not readNBytes: what arrived is counted before a read that is interrupted.
            while (fixedFilled < body.length) {
                int n = in.read(body, fixedFilled, body.length - fixedFilled);
                if (n < 0) {
                    throw new EOFException("connection closed inside a request body");
                }
                fixedFilled += n;
            }
        }
        fixedBody = null;
        return body;
    }

    private byte[] readChunkedBody() throws IOException, RequestRejectedException {
        ByteArrayOutputStream body = chunkedBody;
        while (true) {
            switch (chunkPhase) {
                case SIZE_LINE -> {
                    int lineEnd = awaitLine();
                    long chunkSize = parseChunkSize(pos, contentEnd(pos, lineEnd));
                    pos = lineEnd + 1;
                    if (chunkSize == 0) {
                        chunkPhase = ChunkPhase.TRAILERS;
                        trailerBytes = 0;
                    } else if (chunkSize > maxBodyBytes - body.size()) {
                        throw tooLargeBody();
                    } else {
                        chunkLeft = (int) chunkSize;
                        chunkPhase = ChunkPhase.DATA;
                    }
                }
                case DATA -> {
                    while (chunkLeft > 0) {
                        if (pos == limit && !fill()) {
                            throw new EOFException("connection closed inside a chunk");
                        }
                        int n = Math.min(chunkLeft, limit - pos);
                        body.write(buf, pos, n);
                        pos += n;
                        chunkLeft -= n;
                    }
                    chunkPhase = ChunkPhase.DATA_END;
                }
                case DATA_END -> {
                    int crlfEnd = awaitLine();
                    if (contentEnd(pos, crlfEnd) != pos) {
                        throw badRequest("chunk data longer than its size");
                    }
                    pos = crlfEnd + 1;
                    chunkPhase = ChunkPhase.SIZE_LINE;
                }
                case TRAILERS -> {
                    skipTrailers();
                    chunkedBody = null;
                    return body.toByteArray();
                }
            }
        }
    }

    private void skipTrailers() throws IOException, RequestRejectedException {
        while (true) {
            int lineEnd = awaitLine();
            int end = contentEnd(pos, lineEnd);
            boolean empty = end == pos;
            if (!empty) {
                // A trailer field is a field line (RFC 9112 §7.1.2), held to a header's grammar (as Netty holds it;
                // found by CodecDifferentialFuzzTest).
                parseHeader(pos, end);
            }
            trailerBytes += lineEnd + 1 - pos;
            pos = lineEnd + 1;
            if (empty) {
                return;
            }
            if (trailerBytes > maxHeaderBytes) {
                throw new RequestRejectedException(
                        HttpStatus.HEADER_FIELDS_TOO_LARGE, "trailer fields longer than " + maxHeaderBytes + " bytes");
            }
        }
    }

    // Ensures a whole line is buffered at pos; returns the index of its LF.
    private int awaitLine() throws IOException, RequestRejectedException {
        int scanned = pos;
        while (true) {
            int lf = indexOf((byte) '\n', scanned, limit);
            if (lf >= 0) {
                return lf;
            }
            if (limit - pos >= buf.length) {
                throw badRequest("chunk line too long");
            }
            // Where the unsearched bytes will start once fill() has moved the buffered ones to the start.
            scanned = limit - pos;
            if (!fill()) {
                throw new EOFException("connection closed inside a chunked body");
            }
        }
    }

    // buf[end] is the line's CR or LF, not a hex digit: it stops the scan.
    private long parseChunkSize(int start, int end) throws RequestRejectedException {
        long size = 0;
        int i = start;
        for (int digit; (digit = Character.digit(buf[i], 16)) >= 0; i++) {
            // 15 significant digits at most (up to 2^60, past any body limit); leading zeros are digits like any
            // other (chunk-size = 1*HEXDIG, RFC 9112 §7.1), as Netty reads them (found by CodecDifferentialFuzzTest).
            if (size >= 1L << 56) {
                throw badRequest("chunk size too large");
            }
            size = size * 16 + digit;
        }
        if (i == start) {
            throw badRequest("malformed chunk size");
        }
        int state = ChunkExtensionSyntax.START;
        for (; i < end; i++) {
            state = ChunkExtensionSyntax.next(state, buf[i]);
        }
        if (!ChunkExtensionSyntax.isComplete(state)) {
            throw badRequest("malformed chunk extension");
        }
        return size;
    }

    // The end of a line's content: before its CRLF. A bare LF ending a line, or a CR anywhere else, is malformed:
    // RFC 9112 §2.2 lets a recipient accept a bare LF, and the stricter reading is the one both codecs share.
    private int contentEnd(int lineStart, int lf) throws RequestRejectedException {
        if (lf == lineStart || buf[lf - 1] != '\r') {
            throw badRequest("bare LF in request head");
        }
        int end = lf - 1;
        if (indexOf((byte) '\r', lineStart, end) >= 0) {
            throw badRequest("bare CR in request head");
        }
        return end;
    }

    private int indexOf(byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private int lastIndexOf(byte b, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** Whether {@code b} is a token character (RFC 9110 §5.6.2): what a method or a field name is made of. */
    public static boolean isTchar(byte b) {
        return TCHAR[b & 0xFF];
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    private RequestRejectedException tooLargeBody() {
        return new RequestRejectedException(
                HttpStatus.CONTENT_TOO_LARGE, "body larger than " + maxBodyBytes + " bytes");
    }

    private static RequestRejectedException badRequest(String detail) {
        return new RequestRejectedException(HttpStatus.BAD_REQUEST, detail);
    }
}
