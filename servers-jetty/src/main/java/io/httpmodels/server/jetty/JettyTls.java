package io.httpmodels.server.jetty;

import io.httpmodels.server.tls.ServerTls;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * Jetty's own TLS for a model's one connector, as Jetty's programming guide configures it ("Configuring Secure
 * Protocols"): an {@link SslContextFactory.Server} holding the key, an {@link SslConnectionFactory} in front of the
 * HTTP/1.1 connection factory, and a {@link SecureRequestCustomizer} that marks each request secure.
 *
 * <p>What differs from Jetty's defaults:
 *
 * <ul>
 *   <li>the key store is {@link ServerTls#keyStore()}, in memory, with {@link ServerTls#password()} (Jetty reads a
 *       file by default; there is none);
 *   <li>the protocols are {@link ServerTls#PROTOCOLS} ({@code setIncludeProtocols}); Jetty's own exclusions of
 *       protocols and of cipher suites are kept;
 *   <li>the {@code SecureRequestCustomizer}'s SNI host check is off ({@code sniHostCheck}, on by default): with it
 *       Jetty answers 400 "Invalid SNI" to every request whose {@code Host} the certificate does not name (Jetty
 *       12.1.14's {@code checkSni} matches the host of the request against the certificate, with or without SNI),
 *       and the workload, in plaintext as over TLS, answers any {@code Host} (the kits send {@code Host: x}). The
 *       check guards a server with several certificates against a request meant for another; the models have one.
 * </ul>
 *
 * A handshake has no deadline of its own in Jetty: a client that connects and sends nothing, or stops
 * mid-handshake, is closed by the connector's idle timeout ({@link io.httpmodels.server.ServerConfig.Timeouts#idle()},
 * restarted by every byte), as a request head is.
 */
final class JettyTls {

    private JettyTls() {}

    /** The factory that decrypts with {@code tls}'s key and hands the plaintext to the factory of {@code next}. */
    static SslConnectionFactory connectionFactory(ServerTls tls, String next) {
        SslContextFactory.Server context = new SslContextFactory.Server();
        context.setKeyStore(tls.keyStore());
        context.setKeyStorePassword(new String(tls.password()));
        context.setIncludeProtocols(ServerTls.PROTOCOLS.toArray(new String[0]));
        return new SslConnectionFactory(context, next);
    }

    /** Marks requests secure ({@code https}), without Jetty's SNI host check (see the class's javadoc). */
    static SecureRequestCustomizer requestCustomizer() {
        return new SecureRequestCustomizer(false);
    }
}
