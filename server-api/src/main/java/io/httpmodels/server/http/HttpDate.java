package io.httpmodels.server.http;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The {@code Date} header value (RFC 9110 IMF-fixdate, e.g. {@code Mon, 30 Nov 2026 06:45:28 GMT}), formatted at
 * most once per wall-clock second and shared by every response in that second.
 *
 * <p>{@link #now()} returns the same instance for every call within one second, so callers may cache what they
 * derive from it (a Netty {@code AsciiString}, say) by identity. Refreshing is lazy: no timer thread exists, so
 * nothing needs stopping. Thread-safe; two threads crossing a second together may both format, harmlessly.
 */
public final class HttpDate {

    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

    private static volatile HttpDate current = format(System.currentTimeMillis() / 1000);

    private final long epochSecond;
    private final String text;
    private final byte[] bytes;

    private HttpDate(long epochSecond, String text) {
        this.epochSecond = epochSecond;
        this.text = text;
        this.bytes = text.getBytes(StandardCharsets.US_ASCII);
    }

    /** The date of the current second. */
    public static HttpDate now() {
        HttpDate date = current;
        long second = System.currentTimeMillis() / 1000;
        if (date.epochSecond != second) {
            date = format(second);
            current = date;
        }
        return date;
    }

    /** The header value as ASCII bytes. Shared: never modify the array. */
    public byte[] bytes() {
        return bytes;
    }

    /** The second since the epoch this value names. */
    public long epochSecond() {
        return epochSecond;
    }

    /** The header value. */
    @Override
    public String toString() {
        return text;
    }

    private static HttpDate format(long epochSecond) {
        // RFC_1123_DATE_TIME prints single-digit days without the leading zero IMF-fixdate requires.
        String text = IMF_FIXDATE.format(Instant.ofEpochSecond(epochSecond));
        if (text.charAt(6) == ' ') {
            text = text.substring(0, 5) + '0' + text.substring(5);
        }
        return new HttpDate(epochSecond, text);
    }
}
