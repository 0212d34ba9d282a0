package io.httpmodels.load;

import javax.net.ssl.SSLContext;
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
 */
public record TlsSettings(
        TlsVersion version, boolean resume, boolean insecure, Path trustStore, char[] trustStorePassword) {

    /** TLS 1.3 and 1.2 offered, resumption on, the JDK's trusted certificates. */
    public static final TlsSettings DEFAULT = new TlsSettings(null, true, false, null, null);

    /** What is offered when no version is pinned, the client's preference first. */
    private static final List<TlsVersion> OFFERED_BY_DEFAULT = List.of(TlsVersion.TLS_1_3, TlsVersion.TLS_1_2);

    public TlsSettings {
        if (insecure && trustStore != null) {
            throw new IllegalArgumentException("give --insecure or --truststore, not both");
        }
        trustStorePassword = trustStorePassword == null ? null : trustStorePassword.clone();
    }

    /** The versions offered in the ClientHello, the preferred first: the pinned one, or TLS 1.3 and 1.2. */
    public List<TlsVersion> offered() {
        return version == null ? OFFERED_BY_DEFAULT : List.of(version);
    }

    /** The versions offered as the command line and reports write them: {@code 1.2}, or {@code 1.3,1.2}. */
    public String offeredLabel() {
        return offered().stream().map(TlsVersion::label).collect(Collectors.joining(","));
    }

    /**
     * A client context to these settings, one per connection slot, kept across that slot's reconnects: its session
     * cache holds the slot's last session, as each browser holds its own. A cache shared by many connections resumed
     * next to nothing at 40 connections that reconnect together: the JDK client keeps one session per server, and a
     * TLS 1.3 ticket is used once, so the first reconnect took it and the others shook hands in full.
     *
     * @throws LoadException when the trust store cannot be read
     */
    SSLContext newContext() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new LoadException(
                    "cannot set up TLS" + (trustStore == null ? "" : " with " + trustStore) + ": " + e, e);
        }
    }

    /**
     * A client engine for one connection to {@code host:port}. With resumption, the engine names its peer, so the
     * context's cache offers that peer's last session; without, the cache is emptied first.
     */
    SSLEngine newEngine(SSLContext context, String host, int port) {
        if (!resume) {
            var cache = context.getClientSessionContext();
            for (var ids = cache.getIds(); ids.hasMoreElements(); ) {
                var session = cache.getSession(ids.nextElement());
                if (session != null) {
                    session.invalidate();
                }
            }
        }
        SSLEngine engine = context.createSSLEngine(host, port);
        engine.setUseClientMode(true);
        var parameters = engine.getSSLParameters();
        parameters.setProtocols(offered().stream().map(TlsVersion::protocol).toArray(String[]::new));
        if (!insecure) {
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
        }
        engine.setSSLParameters(parameters);
        return engine;
    }

    private TrustManager[] trustManagers() throws GeneralSecurityException, IOException {
        if (insecure) {
            return new TrustManager[] {TrustAll.INSTANCE};
        }
        if (trustStore == null) {
            return null; // the JDK's default trust
        }
        KeyStore store = KeyStore.getInstance(trustStore.toFile(), trustStorePassword);
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        return factory.getTrustManagers();
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
                && java.util.Arrays.equals(trustStorePassword, t.trustStorePassword);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(version, resume, insecure, trustStore);
    }

    @Override
    public String toString() {
        return "TLS " + offeredLabel() + (resume ? ", resumption" : ", no resumption")
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
