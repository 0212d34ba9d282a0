package io.httpmodels.load;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How an {@code https://} load speaks TLS: the versions it offers, whether connections resume sessions, and which
 * certificates it trusts.
 *
 * @param version            the one protocol version offered (and so negotiated, or the handshake fails), or null to
 *                           offer what the JDK supports, TLS 1.3 and 1.2, as curl and wrk do, and let the server
 *                           choose
 * @param resume             true: a new connection offers the session of an earlier one (abbreviated handshake);
 *                           false: every handshake is a full one
 * @param insecure           trust any certificate and any host name (self-signed test servers)
 * @param trustStore         a key store (PKCS12 or JKS) of the certificates to trust instead of the JDK's; null for
 *                           the JDK's default ones; not with {@code insecure}
 * @param trustStorePassword its password, or null for none
 * @param provider           who encrypts: null for {@link ClientTlsProvider#preferred()} (OpenSSL where it loads)
 */
public record TlsSettings(
        TlsVersion version,
        boolean resume,
        boolean insecure,
        Path trustStore,
        char[] trustStorePassword,
        ClientTlsProvider provider) {

    /** TLS 1.3 and 1.2 offered, resumption on, the JDK's trusted certificates, OpenSSL where it loads. */
    public static final TlsSettings DEFAULT = new TlsSettings(null, true, false, null, null);

    /** What is offered when no version is pinned, the client's preference first. */
    private static final List<TlsVersion> OFFERED_BY_DEFAULT = List.of(TlsVersion.TLS_1_3, TlsVersion.TLS_1_2);

    /**
     * The key-exchange groups offered, in the JDK's names, the preferred first (its key share is the one the
     * ClientHello carries): the classical ones wrk's OpenSSL 3.0 and the JDK's client offer first, on both providers,
     * so every server negotiates x25519 whoever encrypts for the client. Netty's OpenSSL default puts the hybrid
     * X25519MLKEM768 first: its key generation was a fifth of the client's CPU per resumed handshake, spent for
     * servers that pick x25519 anyway, and a BoringSSL server (netty's) would have picked the hybrid and paid for it
     * where the JDK's servers did not.
     */
    static final List<String> GROUPS = List.of("x25519", "secp256r1", "secp384r1");

    public TlsSettings {
        if (insecure && trustStore != null) {
            throw new IllegalArgumentException("give --insecure or --truststore, not both");
        }
        trustStorePassword = trustStorePassword == null ? null : trustStorePassword.clone();
        provider = provider == null ? ClientTlsProvider.preferred() : provider;
        if (!provider.available()) {
            throw new IllegalArgumentException(
                    "OpenSSL does not load here: " + ClientTlsProvider.openSslUnavailableReason());
        }
    }

    /** The provider OpenSSL where it loads, the JDK's where it does not. */
    public TlsSettings(
            TlsVersion version, boolean resume, boolean insecure, Path trustStore, char[] trustStorePassword) {
        this(version, resume, insecure, trustStore, trustStorePassword, null);
    }

    /** The same settings with {@code provider} encrypting. */
    public TlsSettings withProvider(ClientTlsProvider provider) {
        return new TlsSettings(version, resume, insecure, trustStore, trustStorePassword, provider);
    }

    /** The versions offered in the ClientHello, the preferred first: the pinned one, or TLS 1.3 and 1.2. */
    public List<TlsVersion> offered() {
        return version == null ? OFFERED_BY_DEFAULT : List.of(version);
    }

    /** The versions offered as the command line and reports write them: {@code 1.2}, or {@code 1.3,1.2}. */
    public String offeredLabel() {
        return offered().stream().map(TlsVersion::label).collect(Collectors.joining(","));
    }

    /** {@link #GROUPS} as an array, for the engines. */
    static String[] groups() {
        return GROUPS.toArray(String[]::new);
    }

    /** The offered versions as the engines name them ({@code TLSv1.3}). */
    String[] protocols() {
        return offered().stream().map(TlsVersion::protocol).toArray(String[]::new);
    }

    /**
     * A client context to these settings, one per connection slot, kept across that slot's reconnects: its session
     * cache holds the slot's last session, as each browser holds its own. A cache shared by many connections resumed
     * next to nothing at 40 connections that reconnect together: the JDK client keeps one session per server, and a
     * TLS 1.3 ticket is used once, so the first reconnect took it and the others shook hands in full. The same holds
     * for OpenSSL's client cache (one session per host and port), so both providers keep a context per slot.
     *
     * @throws LoadException when the trust store cannot be read or the provider cannot make a context
     */
    SlotTlsContext newContext() {
        return newContext(List.of());
    }

    /**
     * A slot's context, as {@link #newContext()}, whose handshakes offer these application protocols by ALPN
     * ({@code h2} for HTTP/2 over TLS); none offered when empty.
     */
    SlotTlsContext newContext(List<String> applicationProtocols) {
        try {
            CountingTrustManager trust = new CountingTrustManager(trustManager());
            return provider == ClientTlsProvider.OPENSSL
                    ? new OpenSslSlotContext(this, trust, applicationProtocols)
                    : new JdkSlotContext(this, trust, applicationProtocols);
        } catch (GeneralSecurityException | IOException e) {
            throw new LoadException(
                    "cannot set up TLS" + (trustStore == null ? "" : " with " + trustStore) + ": " + e, e);
        }
    }

    /** The checks to make: none (insecure), the trust store's certificates, or the JDK's default ones. */
    private X509ExtendedTrustManager trustManager() throws GeneralSecurityException, IOException {
        if (insecure) {
            return TrustAll.INSTANCE;
        }
        KeyStore store = trustStore == null ? null : KeyStore.getInstance(trustStore.toFile(), trustStorePassword);
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store); // null: the JDK's default trust
        for (TrustManager m : factory.getTrustManagers()) {
            if (m instanceof X509ExtendedTrustManager x) {
                return x;
            }
        }
        throw new GeneralSecurityException("no X.509 trust manager in " + factory.getAlgorithm());
    }

    @Override
    public char[] trustStorePassword() {
        return trustStorePassword == null ? null : trustStorePassword.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TlsSettings t
                && version == t.version
                && resume == t.resume
                && insecure == t.insecure
                && java.util.Objects.equals(trustStore, t.trustStore)
                && java.util.Arrays.equals(trustStorePassword, t.trustStorePassword)
                && provider == t.provider;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(version, resume, insecure, trustStore, provider);
    }

    @Override
    public String toString() {
        return "TLS " + offeredLabel() + " via " + provider.id() + (resume ? ", resumption" : ", no resumption")
                + (insecure ? ", any certificate" : trustStore != null ? ", trusting " + trustStore : "");
    }

    /** --insecure: accepts every certificate chain and host name, as curl -k and wrk (which checks none). */
    private static final class TrustAll extends X509ExtendedTrustManager {
        static final TrustAll INSTANCE = new TrustAll();

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {}

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
