package io.httpmodels.server.tls;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which TLS implementation encrypts a model's connections. Only Netty has a choice; every other model uses the JDK's
 * and refuses {@link #OPENSSL} at start.
 */
public enum TlsProvider {
    /** The JDK's own JSSE ({@code SSLEngine}, {@code SSLSocket}): pure Java, on the thread that does the I/O. */
    JDK,
    /** BoringSSL through JNI ({@code netty-tcnative-boringssl-static}); Netty only. */
    OPENSSL;

    /** The name as typed on a command line: {@code jdk}, {@code openssl}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The provider called {@code id}.
     *
     * @throws IllegalArgumentException naming the known ones, when none is called so
     */
    public static TlsProvider byId(String id) {
        for (TlsProvider provider : values()) {
            if (provider.id().equals(id)) {
                return provider;
            }
        }
        throw new IllegalArgumentException("unknown TLS provider '" + id + "'; known: "
                + Arrays.stream(values()).map(TlsProvider::id).collect(Collectors.joining(", ")));
    }
}
