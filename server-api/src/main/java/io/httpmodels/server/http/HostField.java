package io.httpmodels.server.http;

/**
 * The {@code Host} rule of RFC 9112 §3.2, for both codecs: a server answers 400 to an HTTP/1.1 request without
 * {@code Host}, to any request with more than one {@code Host} line, and to one whose value is not
 * {@code uri-host [ ":" port ]} (RFC 9110 §7.2, RFC 3986 §3.2.2). So userinfo ({@code user@h}), a path
 * ({@code h/p}), an empty value (an {@code http} URI has a host, RFC 9110 §4.2.1) and a comma list (two values
 * folded into one line) are refused. Stateless and thread-safe; allocation-free.
 */
public final class HostField {

    private HostField() {}

    /**
     * What is wrong with a request's {@code Host} lines, or {@code null} when nothing is.
     *
     * @param count    how many {@code Host} lines the request has
     * @param value    the first one's value (surrounding whitespace removed), or {@code null} when none
     * @param required whether the request must have one (HTTP/1.1)
     */
    public static String problem(int count, CharSequence value, boolean required) {
        if (count == 0) {
            return required ? "missing Host header" : null;
        }
        if (count > 1) {
            return "more than one Host header";
        }
        return isValid(value) ? null : "invalid Host header";
    }

    /** Whether {@code value} is {@code uri-host [ ":" port ]} with a non-empty host. */
    public static boolean isValid(CharSequence value) {
        int length = value.length();
        int i = 0;
        if (length > 0 && value.charAt(0) == '[') {
            // IP-literal: an IPv6 address or IPvFuture, brackets included.
            i = 1;
            while (i < length && value.charAt(i) != ']') {
                char c = value.charAt(i);
                if (!isRegNameChar(c) && c != ':') {
                    return false;
                }
                i++;
            }
            if (i == length || i == 1) {
                return false;
            }
            i++;
        } else {
            while (i < length && isRegNameChar(value.charAt(i))) {
                i++;
            }
            if (i == 0) {
                return false;
            }
        }
        if (i == length) {
            return true;
        }
        if (value.charAt(i) != ':') {
            return false;
        }
        for (i++; i < length; i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    // reg-name = *( unreserved / pct-encoded / sub-delims ), less the comma: a comma here means two values.
    private static boolean isRegNameChar(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || "-._~%!$&'()*+;=".indexOf(c) >= 0;
    }
}
