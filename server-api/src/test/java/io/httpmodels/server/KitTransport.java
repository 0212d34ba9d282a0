package io.httpmodels.server;

import io.httpmodels.server.tls.ServerTls;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;

/**
 * How a kit reaches the servers it starts: in plaintext, or over TLS with one self-signed certificate made once per
 * test JVM ({@link #certificate()}), which the kit's clients (raw sockets, the JDK's HttpClient, curl) trust and
 * nothing else. A kit run over {@link #TLS} must give the same answers as over {@link #PLAIN}.
 */
public enum KitTransport {
    PLAIN,
    TLS;

    /** {@code config} set up for this transport: with the shared certificate for TLS. */
    public ServerConfig apply(ServerConfig config) {
        return this == TLS ? config.withTls(certificate()) : config.withoutTls();
    }

    /** {@code http} or {@code https}. */
    public String scheme() {
        return this == TLS ? "https" : "http";
    }

    /** A raw connection to a loopback server, its handshake done for TLS; every read bounded by {@code timeout}. */
    public RawHttpConnection connect(int port, int readTimeoutMillis) throws IOException {
        return new RawHttpConnection(port, readTimeoutMillis, this == TLS ? socketFactory() : null);
    }

    /** {@link #connect(int, int)} with {@link RawHttpConnection#READ_TIMEOUT_MILLIS}. */
    public RawHttpConnection connect(int port) throws IOException {
        return connect(port, RawHttpConnection.READ_TIMEOUT_MILLIS);
    }

    /** How long a warm-up read may wait: a cold handshake is not a case, so not held to a case's bounds. */
    private static final int WARM_UP_READ_MILLIS = 30_000;

    /**
     * Makes the certificate and has each model serve one request over TLS under the default deadlines, before a TLS
     * kit times any case. On a busy two-core host keytool alone took most of a case's 60 s, and a JVM's first
     * handshake (JSSE not yet compiled, on both ends, which run in this JVM) more than a second: past the kits' read
     * bounds and the hostile kit's 1 s head deadline, which a server rightly applies to the kit's bystander too.
     */
    public static void warmUp(Stream<ModelUnderTest> models) throws IOException {
        for (ModelUnderTest model : models.toList()) {
            ServerConfig config = model.configure().apply(TLS.apply(ServerConfig.defaults()));
            try (RunningServer server = model.model().start(config);
                    RawHttpConnection client = TLS.connect(server.port(), WARM_UP_READ_MILLIS)) {
                RawHttpConnection.Response response = client.send("GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n")
                        .read();
                if (response.status() != 200) {
                    throw new IOException(model.label() + " warming up over TLS: " + response.statusLine());
                }
            }
        }
    }

    /** A client context trusting {@link #certificate()} only. */
    public static SSLContext clientContext() {
        return Shared.CLIENT;
    }

    /** curl's options to reach a server of this transport: for TLS, the certificate as its only CA. */
    public List<String> curlOptions() {
        return this == TLS ? List.of("--cacert", Shared.PEM.toString()) : List.of();
    }

    /** The self-signed certificate every TLS server of this JVM presents (made by keytool once, on first use). */
    public static ServerTls certificate() {
        return Shared.TLS;
    }

    private static SSLSocketFactory socketFactory() {
        return Shared.CLIENT.getSocketFactory();
    }

    // Made on first use only, so that a plaintext kit never runs keytool.
    private static final class Shared {
        static final ServerTls TLS;
        static final SSLContext CLIENT;
        static final Path PEM;

        static {
            try {
                TLS = ServerTls.selfSigned();
                TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                trust.init(TLS.trustStore());
                CLIENT = SSLContext.getInstance("TLS");
                CLIENT.init(null, trust.getTrustManagers(), null);
                PEM = Files.createTempFile("httpmodels-kit-ca", ".pem");
                PEM.toFile().deleteOnExit();
                String base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(TLS.certificate().getEncoded());
                Files.writeString(PEM, "-----BEGIN CERTIFICATE-----\n" + base64 + "\n-----END CERTIFICATE-----\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
