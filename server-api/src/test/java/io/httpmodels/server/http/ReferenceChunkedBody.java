package io.httpmodels.server.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A second, deliberately plain decoder of a chunked body (RFC 9112 §7.1), written from the grammar with regular
 * expressions and none of {@link HttpRequestReader}'s code, as the oracle of its fuzz test:
 *
 * <pre>
 * chunked-body = *chunk last-chunk trailer-section CRLF
 * chunk        = chunk-size [ chunk-ext ] CRLF chunk-data CRLF
 * last-chunk   = 1*("0") [ chunk-ext ] CRLF
 * </pre>
 *
 * each trailer line a field line ({@code field-name ":" OWS field-value OWS}), with the limits the reader adds: at
 * most 15 hex digits of size, a body of at most {@code maxBodyBytes}, trailer
 * lines of at most {@code maxHeaderBytes} in all, no line (with its LF) longer than the reader's buffer.
 */
final class ReferenceChunkedBody {

    enum Outcome {
        DECODED,
        REFUSED,
        INCOMPLETE,
        /** A size line too long for the regular expressions (see {@link #MAX_REGEX_INPUT}): no verdict. */
        UNDECIDED
    }

    /**
     * The longest line the regular expressions are asked about: {@code java.util.regex} recurses for each
     * repetition of a group, and a longer chunk extension overflowed the test thread's stack (found by fuzzing the
     * oracle itself).
     */
    static final int MAX_REGEX_INPUT = 256;

    record Result(Outcome outcome, byte[] body) {}

    private static final String TCHAR = "[!#$%&'*+.^_`|~0-9A-Za-z-]";
    private static final String QUOTED =
            "\"(?:[\\t \\x21\\x23-\\x5B\\x5D-\\x7E\\x80-\\xFF]|\\\\[\\t \\x21-\\x7E\\x80-\\xFF])*\"";
    /** chunk-ext = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] ) */
    static final Pattern CHUNK_EXT =
            Pattern.compile("(?:[ \\t]*;[ \\t]*" + TCHAR + "+(?:[ \\t]*=[ \\t]*(?:" + TCHAR + "+|" + QUOTED + "))?)*");

    /** field-line = field-name ":" OWS field-value OWS, with no control byte but HTAB in the value. */
    private static final Pattern FIELD_LINE = Pattern.compile(TCHAR + "+:[\\t\\x20-\\x7E\\x80-\\xFF]*");

    private static final Pattern SIZE_LINE = Pattern.compile("([0-9A-Fa-f]+)(.*)", Pattern.DOTALL);

    private ReferenceChunkedBody() {}

    /** Decodes the chunked body at the start of {@code in}. */
    static Result decode(byte[] in, int maxBodyBytes, int maxHeaderBytes, int maxLineBytes) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int at = 0;
        while (true) {
            int lf = lineEnd(in, at, maxLineBytes);
            if (lf < 0) {
                return new Result(lf == -1 ? Outcome.INCOMPLETE : Outcome.REFUSED, null);
            }
            String line = crlfLine(in, at, lf);
            if (line == null) {
                return refused();
            }
            if (line.length() > MAX_REGEX_INPUT) {
                return new Result(Outcome.UNDECIDED, null);
            }
            Matcher size = SIZE_LINE.matcher(line);
            if (!size.matches()
                    || size.group(1).length() > 15
                    || !CHUNK_EXT.matcher(size.group(2)).matches()) {
                return refused();
            }
            long chunk = Long.parseLong(size.group(1), 16);
            at = lf + 1;
            if (chunk == 0) {
                return trailers(in, at, body, maxHeaderBytes, maxLineBytes);
            }
            if (chunk > maxBodyBytes - body.size()) {
                return refused();
            }
            if (in.length - at < chunk) {
                return new Result(Outcome.INCOMPLETE, null);
            }
            body.write(in, at, (int) chunk);
            at += (int) chunk;
            int end = lineEnd(in, at, maxLineBytes);
            if (end < 0) {
                return new Result(end == -1 ? Outcome.INCOMPLETE : Outcome.REFUSED, null);
            }
            if (!"".equals(crlfLine(in, at, end))) {
                return refused(); // data longer than its size, or a bare LF after it
            }
            at = end + 1;
        }
    }

    private static Result trailers(byte[] in, int at, ByteArrayOutputStream body, int maxHeaderBytes, int maxLine) {
        int trailerBytes = 0;
        while (true) {
            int lf = lineEnd(in, at, maxLine);
            if (lf < 0) {
                return new Result(lf == -1 ? Outcome.INCOMPLETE : Outcome.REFUSED, null);
            }
            String line = crlfLine(in, at, lf);
            if (line == null) {
                return refused();
            }
            trailerBytes += lf + 1 - at;
            at = lf + 1;
            if (line.isEmpty()) {
                return new Result(Outcome.DECODED, body.toByteArray());
            }
            if (line.length() > MAX_REGEX_INPUT) {
                return new Result(Outcome.UNDECIDED, null);
            }
            if (!FIELD_LINE.matcher(line).matches()) {
                return refused();
            }
            if (trailerBytes > maxHeaderBytes) {
                return refused();
            }
        }
    }

    // The index of the LF ending the line at `at`; -1 when the input ends first, -2 when the line is too long.
    private static int lineEnd(byte[] in, int at, int maxLineBytes) {
        for (int i = at; i < in.length; i++) {
            if (in[i] == '\n') {
                return i - at < maxLineBytes ? i : -2;
            }
        }
        return in.length - at >= maxLineBytes ? -2 : -1;
    }

    // The line without its CRLF, or null when it does not end with CRLF or holds another CR.
    private static String crlfLine(byte[] in, int at, int lf) {
        if (lf == at || in[lf - 1] != '\r') {
            return null;
        }
        String line = new String(in, at, lf - 1 - at, StandardCharsets.ISO_8859_1);
        return line.indexOf('\r') >= 0 ? null : line;
    }

    private static Result refused() {
        return new Result(Outcome.REFUSED, null);
    }
}
