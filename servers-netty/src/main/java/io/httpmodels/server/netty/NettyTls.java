package io.httpmodels.server.netty;

import io.httpmodels.server.tls.ServerTls;
import io.httpmodels.server.tls.TlsProvider;
import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;

import javax.net.ssl.SSLException;
import java.util.Optional;

/**
 * The Netty side of {@link ServerTls}: one server {@link SslContext} per started server, with the key and chain
 * every model presents, {@link ServerTls#PROTOCOLS} only, and the engine its {@link TlsProvider} names: the JDK's
 * JSSE, or BoringSSL through {@code netty-tcnative-boringssl-static} ({@link SslProvider#OPENSSL}, engines freed with
 * their connection, no reference counting to get wrong).
 *
 * <p>Both resume TLS 1.3 sessions by tickets: BoringSSL's own, and the JDK's stateless ones, which it sends only while
 * the JVM-wide {@code jdk.tls.server.newSessionTicketCount} is above 0 (default 1, read once per JVM). t-io's model
 * sets it to 0, and only in a JVM that starts t-io over TLS: set in every {@code serve} JVM (which lists all
 * models), it would leave netty on the JDK's provider resuming no session.
 */
final class NettyTls {

    private NettyTls() {}

    /**
     * A server context for {@code tls}.
     *
     * @throws IllegalArgumentException when OpenSSL is asked for and BoringSSL does not load here, with the reason
     */
    static SslContext serverContext(ServerTls tls) {
        return serverContext(tls, false);
    }

    /**
     * A server context for {@code tls}, offering {@code h2} then {@code http/1.1} by ALPN when {@code http2}, with
     * the cipher suites HTTP/2 allows (RFC 9113 §9.2.2: no TLS 1.2 suite on its block list).
     *
     * @throws IllegalArgumentException when OpenSSL is asked for and BoringSSL does not load here, with the reason
     */
    static SslContext serverContext(ServerTls tls, boolean http2) {
        SslProvider provider = provider(tls.provider());
        if (provider == SslProvider.OPENSSL) {
            requireOpenSsl(OpenSsl.isAvailable(), OpenSsl.unavailabilityCause());
        }
        try {
            SslContextBuilder builder = SslContextBuilder.forServer(tls.key(), tls.chain())
                    .sslProvider(provider)
                    .protocols(ServerTls.PROTOCOLS);
            if (http2) {
                // NO_ADVERTISE and ACCEPT: the pair both providers support; a client offering neither gets HTTP/1.1.
                builder.ciphers(Http2SecurityUtil.CIPHERS, SupportedCipherSuiteFilter.INSTANCE)
                        .applicationProtocolConfig(new ApplicationProtocolConfig(
                                ApplicationProtocolConfig.Protocol.ALPN,
                                ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                                ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                                ApplicationProtocolNames.HTTP_2,
                                ApplicationProtocolNames.HTTP_1_1));
            }
            return builder.build();
        } catch (SSLException e) {
            throw new IllegalArgumentException(
                    "cannot build a " + tls.provider().id() + " TLS context: " + e, e);
        }
    }

    /**
     * Refuses OpenSSL where BoringSSL did not load ({@link OpenSsl#isAvailable()} false), saying why.
     *
     * @param unavailabilityCause {@link OpenSsl#unavailabilityCause()}
     * @throws IllegalArgumentException when not {@code available}
     */
    static void requireOpenSsl(boolean available, Throwable unavailabilityCause) {
        if (!available) {
            throw new IllegalArgumentException(
                    "--tls-provider openssl: BoringSSL (netty-tcnative) does not load here: " + unavailabilityCause,
                    unavailabilityCause);
        }
    }

    static SslProvider provider(TlsProvider provider) {
        return switch (provider) {
            case JDK -> SslProvider.JDK;
            case OPENSSL -> SslProvider.OPENSSL;
        };
    }

    /** How a running server says it encrypts: {@code ", TLS (jdk)"}, or nothing in plaintext. */
    static String describe(Optional<ServerTls> tls) {
        return tls.map(t -> ", TLS (" + t.provider().id() + ")").orElse("");
    }
}
