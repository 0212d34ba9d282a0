package io.httpmodels.server.http;

import io.httpmodels.server.Route;

import java.nio.charset.StandardCharsets;

/**
 * What a well-framed request is answered with, decided from its method and target alone: the one definition
 * every model uses, so that 400, 404, 405, 501 and {@code OPTIONS} mean the same thing in every codec. The
 * codec renders the answer in its own types; the error body comes from {@link #errorBody}.
 *
 * <ul>
 *   <li>{@link Serve}: the route serves the method: answer with its content.
 *   <li>{@link Options}: {@code OPTIONS *} or {@code OPTIONS <route>}: 200 with {@code Allow} and no content
 *       (RFC 9110 §9.3.7).
 *   <li>{@link Refuse}: 400 for {@code *} with any other method (asterisk-form is for OPTIONS only, RFC 9112
 *       §3.2.4) or a target in no form this server takes; 404 for no route; 405 with {@code Allow} for a method
 *       the route does not take; 501 for {@code CONNECT}.
 * </ul>
 *
 * {@code CONNECT} gets 501 rather than 400 or 405: the request is well formed (so not 400), and 405 would need
 * an {@code Allow} for the resource its authority-form target names, which is no resource of this server. 501
 * is RFC 9110 §15.6.2's answer for a method the server supports for no resource at all: it is an origin server,
 * not a tunnelling proxy.
 *
 * <p>A refusal keeps the connection as the request asks: the framing was intact, so the next request can be
 * read. Immutable and thread-safe; {@link #forRequest} allocates nothing for a request a route serves.
 */
public sealed interface Answer {

    /** The {@code Allow} value of {@code OPTIONS *}: every method some resource of this server takes. */
    String SERVER_ALLOW = "GET, HEAD, POST, OPTIONS";

    /** Answer with {@code route}'s content. One instance per route. */
    record Serve(Route route) implements Answer {
        private static final Serve[] BY_ROUTE = new Serve[Route.values().length];

        static {
            for (Route route : Route.values()) {
                BY_ROUTE[route.ordinal()] = new Serve(route);
            }
        }

        /** The one instance for {@code route}. */
        public static Serve of(Route route) {
            return BY_ROUTE[route.ordinal()];
        }
    }

    /** {@code 200 OK} with {@code Allow: allow}, no content. */
    record Options(String allow) implements Answer {}

    /**
     * An error status for a well-framed request; the connection stays as the request asks.
     *
     * @param allow the {@code Allow} value (a 405 carries one), or {@code null}
     */
    record Refuse(HttpStatus status, String detail, String allow) implements Answer {}

    /**
     * The answer to {@code method} (case-sensitive, RFC 9110 §9.1) on {@code target} (as sent, already checked
     * for its characters by the codec).
     */
    static Answer forRequest(CharSequence method, CharSequence target) {
        Route route = Route.forTarget(target);
        if (route != null && route.allows(method)) {
            return Serve.of(route);
        }
        return slowPath(method, target, route);
    }

    private static Answer slowPath(CharSequence method, CharSequence target, Route route) {
        if (equals(method, "CONNECT")) {
            return new Refuse(
                    HttpStatus.NOT_IMPLEMENTED,
                    "CONNECT is not supported: this is an origin server, not a proxy",
                    null);
        }
        boolean options = equals(method, "OPTIONS");
        if (equals(target, "*")) {
            return options
                    ? new Options(SERVER_ALLOW)
                    : new Refuse(HttpStatus.BAD_REQUEST, "the target * is for OPTIONS only", null);
        }
        if (route == null) {
            return isOriginOrAbsoluteForm(target)
                    ? new Refuse(HttpStatus.NOT_FOUND, "no route for " + target, null)
                    : new Refuse(HttpStatus.BAD_REQUEST, "the target is in neither origin nor absolute form", null);
        }
        if (options) {
            return new Options(route.allow());
        }
        return new Refuse(HttpStatus.METHOD_NOT_ALLOWED, method + " is not allowed on " + route.path(), route.allow());
    }

    /** The body of every error answer, in both codecs: {@code <code> <reason>: <detail>\n} (UTF-8 text/plain). */
    static byte[] errorBody(HttpStatus status, String detail) {
        String text = status.code() + " " + status.reason() + (detail == null ? "" : ": " + detail) + "\n";
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static boolean equals(CharSequence s, String expected) {
        if (s.length() != expected.length()) {
            return false;
        }
        for (int i = 0; i < expected.length(); i++) {
            if (s.charAt(i) != expected.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** {@code /...}, or {@code scheme://...} with a scheme as RFC 3986 §3.1 spells it. */
    private static boolean isOriginOrAbsoluteForm(CharSequence target) {
        if (target.length() > 0 && target.charAt(0) == '/') {
            return true;
        }
        int i = 0;
        while (i < target.length() && isSchemeChar(target.charAt(i), i == 0)) {
            i++;
        }
        return i > 0
                && i + 2 < target.length()
                && target.charAt(i) == ':'
                && target.charAt(i + 1) == '/'
                && target.charAt(i + 2) == '/';
    }

    private static boolean isSchemeChar(char c, boolean first) {
        boolean alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        return first ? alpha : alpha || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
    }
}
