package io.httpmodels.server.http;

import java.util.List;

/**
 * A parsed request, as {@link HttpRequestReader} delivers it: the request line, the header fields in arrival
 * order, and the body (empty when there is none; de-chunked when it came chunked). Immutable.
 *
 * @param method    the method token, case preserved ({@code GET}, {@code POST}, ...)
 * @param target    the request target as sent ({@code /plaintext?x=1})
 * @param version   {@code HTTP/1.1} or {@code HTTP/1.0}
 * @param headers   every header field in arrival order
 * @param body      the body bytes
 * @param keepAlive whether the connection stays open after the response: HTTP/1.1 unless
 *                  {@code Connection: close}; HTTP/1.0 only with {@code Connection: keep-alive}
 */
public record HttpRequest(
        String method, String target, String version, List<HttpHeader> headers, byte[] body, boolean keepAlive) {

    /** HTTP/1.1, the version this codec speaks. */
    public static final String HTTP_1_1 = "HTTP/1.1";
    /** HTTP/1.0, served with the persistence rules of RFC 1945 and RFC 9112 §9.3. */
    public static final String HTTP_1_0 = "HTTP/1.0";

    /** Whether this is a HEAD request: the response carries headers only. */
    public boolean isHead() {
        return "HEAD".equals(method);
    }

    /** The first value of the header {@code name} (case-insensitive), or {@code null}. */
    public String header(String name) {
        for (HttpHeader header : headers) {
            if (header.name().equalsIgnoreCase(name)) {
                return header.value();
            }
        }
        return null;
    }
}
