package io.httpmodels.load;

import java.util.Locale;

/** The HTTP version a load speaks: HTTP/1.1, HTTP/2 over cleartext with prior knowledge, or HTTP/2 over TLS. */
public enum HttpProtocol {
    /** HTTP/1.1, keep-alive or not, pipelined or not. */
    H1("h1"),
    /** HTTP/2 over cleartext TCP with prior knowledge (RFC 9113 §3.3): the preface at once, no upgrade. */
    H2C("h2c"),
    /** HTTP/2 over TLS, chosen by ALPN {@code h2}. */
    H2("h2");

    private final String id;

    HttpProtocol(String id) {
        this.id = id;
    }

    /** The name on the command line and in reports: h1, h2c, h2. */
    public String id() {
        return id;
    }

    /** Whether it is HTTP/2, over TLS or not. */
    public boolean http2() {
        return this != H1;
    }

    /** The protocol named {@code h1}, {@code h2c} or {@code h2} (any case). */
    public static HttpProtocol of(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (HttpProtocol p : values()) {
            if (p.id.equals(n)) {
                return p;
            }
        }
        throw new IllegalArgumentException("protocol must be h1, h2c or h2: " + name);
    }
}
