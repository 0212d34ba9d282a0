package io.httpmodels.load;

import io.netty.handler.ssl.OpenSsl;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Who encrypts for the load client over {@code https://}: the JDK's {@code SSLEngine}, or OpenSSL's (BoringSSL, as
 * netty ships it in {@code netty-tcnative-boringssl-static}) behind netty's {@code SSLEngine}. Either is driven by the
 * same non-blocking worker ({@link TlsChannel}); they differ in what a handshake costs the client. The JDK's full
 * handshake took about twice the CPU of nginx's and needed seconds of JIT warm-up before it was as fast as it gets;
 * OpenSSL's is native code, warm from the first handshake, and as cheap as wrk's (wrk uses OpenSSL). See
 * docs/tls.md.
 *
 * <p>Named {@code --client-tls-provider} on every command: {@code --tls-provider} already means who encrypts on the
 * server (harness {@code serve} and {@code compare}), and a flag means one thing across commands.
 */
public enum ClientTlsProvider {
    /** The JDK's {@code SSLEngine} (SunJSSE). */
    JDK("jdk"),
    /** BoringSSL through netty's {@code ReferenceCountedOpenSslEngine}. */
    OPENSSL("openssl");

    /**
     * How long the JDK's provider needs under load before its handshakes are as fast as they get (the JIT): at 40
     * connections, each a full TLS 1.3 handshake against nginx, 223-296 requests/s after 3 s, 512 after 15 s (issue
     * 49, 2026-12-06). A run that warms less says so in its header.
     */
    public static final java.time.Duration JDK_WARMUP = java.time.Duration.ofSeconds(15);

    private final String id;

    ClientTlsProvider(String id) {
        this.id = id;
    }

    /** As the command line and reports write it: {@code jdk}, {@code openssl}. */
    public String id() {
        return id;
    }

    /**
     * The provider a command-line word names.
     *
     * @throws IllegalArgumentException for any other word
     */
    public static ClientTlsProvider of(String id) {
        for (ClientTlsProvider p : values()) {
            if (p.id.equals(id.toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new IllegalArgumentException("client TLS provider must be "
                + Arrays.stream(values()).map(ClientTlsProvider::id).collect(Collectors.joining(" or "))
                + ", not '" + id + "'");
    }

    /** OpenSSL where its native library loads (linux-x86_64), the JDK's elsewhere. */
    public static ClientTlsProvider preferred() {
        return OpenSsl.isAvailable() ? OPENSSL : JDK;
    }

    /** Whether this one can be used in this JVM: the JDK's always; OpenSSL where its native library loads. */
    public boolean available() {
        return this == JDK || OpenSsl.isAvailable();
    }

    /** Why OpenSSL does not load here (its native library's error), or null where it does. */
    public static String openSslUnavailableReason() {
        Throwable cause = OpenSsl.unavailabilityCause();
        return cause == null ? null : String.valueOf(cause);
    }

    /** How the header names it: {@code OpenSSL (BoringSSL)}, {@code the JDK's SSLEngine}. */
    public String description() {
        return this == OPENSSL ? "OpenSSL (" + OpenSsl.versionString() + ")" : "the JDK's SSLEngine";
    }
}
