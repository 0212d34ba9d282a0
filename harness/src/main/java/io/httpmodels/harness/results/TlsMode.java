package io.httpmodels.harness.results;

import java.util.Locale;

/**
 * How a TLS scenario's client opens its sessions: what {@code load --tls-resume} is set to. A scenario without
 * one ({@link Scenario#tls()} null) is plain HTTP.
 */
public enum TlsMode {
    /** A new connection offers the session of an earlier one: abbreviated handshakes ({@code --tls-resume on}). */
    RESUME,
    /** Every handshake is a full one, key exchange and certificate included ({@code --tls-resume off}). */
    FULL;

    /** The load client's {@code --tls-resume} value: {@code on} or {@code off}. */
    public String resumeFlag() {
        return this == RESUME ? "on" : "off";
    }

    /** The part of a scenario id that says it: {@code -tls} or {@code -tls-full}. */
    String idSuffix() {
        return this == RESUME ? "-tls" : "-tls-" + name().toLowerCase(Locale.ROOT);
    }
}
