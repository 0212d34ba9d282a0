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

    /**
     * Whether {@code value} is {@code uri-host [ ":" port ]} with a non-empty host: an IP-literal (an IPv6 address
     * or an IPvFuture, in brackets), or a reg-name (an IPv4 address among them) whose {@code %} each start a
     * pct-encoded octet.
     */
    public static boolean isValid(CharSequence value) {
        int length = value.length();
        int i;
        if (length > 0 && value.charAt(0) == '[') {
            int close = 1;
            while (close < length && value.charAt(close) != ']') {
                close++;
            }
            if (close == length || !(isIpv6(value, 1, close) || isIpvFuture(value, 1, close))) {
                return false;
            }
            i = close + 1;
        } else {
            i = 0;
            while (i < length) {
                char c = value.charAt(i);
                if (c == '%') {
                    if (i + 2 >= length || !isHex(value.charAt(i + 1)) || !isHex(value.charAt(i + 2))) {
                        return false;
                    }
                    i += 3;
                } else if (isRegNameChar(c)) {
                    i++;
                } else {
                    break;
                }
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

    /**
     * RFC 3986's IPv6address in {@code [from, to)}: eight groups of 1 to 4 hex digits, or fewer around one
     * {@code ::}, the last two groups possibly an IPv4 address.
     */
    static boolean isIpv6(CharSequence s, int from, int to) {
        int groups = 0;
        boolean elided = false;
        int i = from;
        if (to - from >= 2 && s.charAt(from) == ':' && s.charAt(from + 1) == ':') {
            elided = true;
            i += 2;
        }
        while (i < to) {
            int start = i;
            while (i < to && i - start < 5 && isHex(s.charAt(i))) {
                i++;
            }
            if (i < to && s.charAt(i) == '.') {
                if (!isIpv4(s, start, to)) {
                    return false;
                }
                groups += 2;
                break;
            }
            if (i == start || i - start > 4) {
                return false;
            }
            groups++;
            if (i == to) {
                break;
            }
            if (s.charAt(i) != ':' || ++i == to) {
                return false; // a group must follow a single colon
            }
            if (s.charAt(i) == ':') {
                if (elided) {
                    return false;
                }
                elided = true;
                i++;
            }
        }
        return elided ? groups <= 7 : groups == 8;
    }

    // dec-octet "." dec-octet "." dec-octet "." dec-octet, each 0-255 without a leading zero.
    private static boolean isIpv4(CharSequence s, int from, int to) {
        int octets = 0;
        int i = from;
        while (true) {
            int start = i;
            int octet = 0;
            while (i < to && i - start < 4 && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                octet = octet * 10 + (s.charAt(i) - '0');
                i++;
            }
            int digits = i - start;
            if (digits == 0 || digits > 3 || octet > 255 || (digits > 1 && s.charAt(start) == '0')) {
                return false;
            }
            if (++octets == 4) {
                return i == to;
            }
            if (i == to || s.charAt(i) != '.') {
                return false;
            }
            i++;
        }
    }

    // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    private static boolean isIpvFuture(CharSequence s, int from, int to) {
        if (to - from < 4 || (s.charAt(from) != 'v' && s.charAt(from) != 'V')) {
            return false;
        }
        int i = from + 1;
        while (i < to && isHex(s.charAt(i))) {
            i++;
        }
        if (i == from + 1 || i == to || s.charAt(i) != '.' || ++i == to) {
            return false;
        }
        for (; i < to; i++) {
            char c = s.charAt(i);
            if (!isRegNameChar(c) && c != ',' && c != ':') {
                return false;
            }
        }
        return true;
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    // unreserved / sub-delims, less the comma (in a reg-name a comma means two values) and with '%' apart.
    private static boolean isRegNameChar(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || "-._~!$&'()*+;=".indexOf(c) >= 0;
    }
}
