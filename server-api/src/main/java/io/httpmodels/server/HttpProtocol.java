package io.httpmodels.server;

/**
 * A protocol a model may speak on its listener: what {@link HttpServerModel#protocols()} declares and
 * {@link ServerConfig#protocol()} asks for. HTTP/2 comes in the two forms RFC 9113 §3 names: cleartext with prior
 * knowledge (the client opens with the connection preface, no Upgrade), and over TLS, chosen by ALPN.
 */
public enum HttpProtocol {
    /** HTTP/1.1 (and 1.0): what every model speaks. */
    HTTP_1_1("http/1.1", "HTTP/1.1"),
    /** HTTP/2 over cleartext TCP, the client sending the preface first (prior knowledge). */
    H2C("h2c", "HTTP/2 over cleartext (h2c)"),
    /** HTTP/2 over TLS, agreed by ALPN. */
    H2("h2", "HTTP/2 over TLS (h2)");

    private final String id;
    private final String title;

    HttpProtocol(String id, String title) {
        this.id = id;
        this.title = title;
    }

    /** Its ALPN / RFC name: {@code http/1.1}, {@code h2c}, {@code h2}. */
    public String id() {
        return id;
    }

    /** How a listing or an error message names it. */
    public String title() {
        return title;
    }
}
