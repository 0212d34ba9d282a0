package io.httpmodels.server.netty;

import io.httpmodels.server.http.HttpRequestReader;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ByteProcessor;

/**
 * Holds a request line, as its bytes pass through {@link NettyRequestDecoder}, to RFC 9112 §3's grammar, as
 * strictly as the blocking codec does:
 *
 * <pre>
 * request-line = method SP request-target SP HTTP-version CRLF
 * </pre>
 *
 * with a token for the method, visible ASCII only in the target ({@code %x21-7E}: no NUL, no raw non-ASCII, no
 * overlong UTF-8), and {@code HTTP/} in upper case followed by digit, dot, digit. Netty's own parser is lenient
 * here: it splits on any run of whitespace (so a double space or a tab passes), upper-cases the version (so
 * {@code http/1.1} becomes an HTTP/1.1 it then calls unsupported) and lets any byte into the target. Empty lines
 * before the request line are skipped, as both codecs skip them.
 *
 * <p>One instance per channel, reset for each request: not thread-safe.
 */
final class RequestLineChecker implements ByteProcessor {

    private static final byte[] VERSION_PREFIX = {'H', 'T', 'T', 'P', '/'};

    private enum Part {
        LEADING,
        METHOD,
        TARGET,
        VERSION,
        LF,
        DONE
    }

    private Part part = Part.LEADING;
    /** Bytes of the current part seen so far. */
    private int seen;
    /** What was wrong, once something was. */
    private String problem;
    /** The version's two digits, as they pass. */
    private int major;

    private int minor;

    void reset() {
        part = Part.LEADING;
        seen = 0;
        problem = null;
    }

    /**
     * The version of a request line read whole and found well-formed, or {@code null}: what a refusal of the
     * head's fields is answered in (an unsupported one is answered 505 before the fields, as the blocking codec
     * does).
     */
    HttpVersion version() {
        if (part != Part.DONE || problem != null) {
            return null;
        }
        if (major == 1 && (minor == 1 || minor == 0)) {
            return minor == 1 ? HttpVersion.HTTP_1_1 : HttpVersion.HTTP_1_0;
        }
        return new HttpVersion("HTTP", major, minor, true);
    }

    /**
     * Reads the consumed bytes {@code [index, index + length)} of the current head.
     *
     * @return what is wrong with the request line, or {@code null} while nothing is
     */
    String problemIn(ByteBuf buffer, int index, int length) {
        if (part != Part.DONE && problem == null) {
            buffer.forEachByte(index, length, this);
        }
        return problem;
    }

    @Override
    public boolean process(byte value) {
        int b = value & 0xFF;
        switch (part) {
            case LEADING -> {
                if (b == '\r' || b == '\n') {
                    return true;
                }
                part = Part.METHOD;
                return method(b);
            }
            case METHOD -> {
                return method(b);
            }
            case TARGET -> {
                if (b == ' ' && seen > 0) {
                    part = Part.VERSION;
                    seen = 0;
                    return true;
                }
                if (b <= ' ' || b >= 0x7F) {
                    return fail(b == ' ' ? "malformed request line" : "invalid character in request target");
                }
                seen++;
                return true;
            }
            case VERSION -> {
                boolean expected = seen < VERSION_PREFIX.length
                        ? b == VERSION_PREFIX[seen]
                        : seen == 6 ? b == '.' : seen == 8 ? b == '\r' : b >= '0' && b <= '9';
                if (!expected) {
                    return fail("malformed HTTP version");
                }
                if (seen == 5) {
                    major = b - '0';
                } else if (seen == 7) {
                    minor = b - '0';
                }
                if (++seen == 9) {
                    part = Part.LF;
                }
                return true;
            }
            case LF -> {
                part = Part.DONE;
                return b == '\n' || fail("bare CR in request line");
            }
            default -> {
                return false;
            }
        }
    }

    private boolean method(int b) {
        if (b == ' ' && seen > 0) {
            part = Part.TARGET;
            seen = 0;
            return true;
        }
        if (!HttpRequestReader.isTchar((byte) b)) {
            return fail("malformed request line");
        }
        seen++;
        return true;
    }

    private boolean fail(String what) {
        problem = what;
        part = Part.DONE;
        return false;
    }
}
