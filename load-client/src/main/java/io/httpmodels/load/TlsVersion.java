package io.httpmodels.load;

/** A TLS protocol version the client offers and negotiates; pinned to one, a run measures the version it names. */
public enum TlsVersion {
    /** TLS 1.3 (RFC 8446): a one round-trip handshake, resumption by tickets. */
    TLS_1_3("1.3", "TLSv1.3"),
    /** TLS 1.2 (RFC 5246): a two round-trip full handshake, resumption by session id or ticket. */
    TLS_1_2("1.2", "TLSv1.2");

    private final String label;
    private final String protocol;

    TlsVersion(String label, String protocol) {
        this.label = label;
        this.protocol = protocol;
    }

    /** As the command line and reports write it: {@code 1.3}, {@code 1.2}. */
    public String label() {
        return label;
    }

    /** The JSSE protocol name ({@code TLSv1.3}). */
    public String protocol() {
        return protocol;
    }

    /** The version a JSSE protocol name ({@code TLSv1.2}) names, or null for any other. */
    public static TlsVersion ofProtocol(String protocol) {
        for (TlsVersion v : values()) {
            if (v.protocol.equals(protocol)) {
                return v;
            }
        }
        return null;
    }

    /**
     * The version a label names.
     *
     * @throws IllegalArgumentException naming the accepted labels, for any other
     */
    public static TlsVersion of(String label) {
        for (TlsVersion v : values()) {
            if (v.label.equals(label)) {
                return v;
            }
        }
        throw new IllegalArgumentException("TLS version must be 1.3 or 1.2, not '" + label + "'");
    }
}
