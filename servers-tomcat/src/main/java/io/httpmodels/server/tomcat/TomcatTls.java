package io.httpmodels.server.tomcat;

import io.httpmodels.server.tls.ServerTls;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.http11.Http11NioProtocol;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.apache.tomcat.util.net.jsse.JSSEImplementation;

/**
 * Tomcat's own TLS on a model's one NIO connector, as the HTTP Connector's reference configures it (its "SSL
 * Support" section): {@code SSLEnabled}, {@code secure} and {@code scheme="https"} on the connector, one
 * {@link SSLHostConfig} (the default host, {@code _default_}) with one {@link SSLHostConfigCertificate}.
 *
 * <p>What differs from Tomcat's defaults:
 *
 * <ul>
 *   <li>the certificate's key store is {@link ServerTls#keyStore()}, in memory
 *       ({@code setCertificateKeystore(KeyStore)}), with {@link ServerTls#password()} (Tomcat reads
 *       {@code conf/.keystore} by default; there is none); its type is left {@code UNDEFINED}, as for a key store
 *       holding one key;
 *   <li>the protocols are {@link ServerTls#PROTOCOLS} ({@code SSLHostConfig.protocols}; Tomcat 11's default,
 *       {@code TLSv1.2+TLSv1.3}, is the same pair, set here so that it cannot drift); the ciphers are Tomcat's
 *       default;
 *   <li>{@code sslImplementationName} is {@link JSSEImplementation}, the JDK's TLS: left unset, Tomcat takes OpenSSL
 *       when it finds it (through FFM on Java 22+ with the {@code OpenSSLLifecycleListener}, or tomcat-native).
 * </ul>
 *
 * A handshake has no deadline of its own in Tomcat: NIO runs it without blocking, a worker per step, and a client
 * that connects and sends nothing, or stops mid-handshake, is closed by the poller at {@code connectionTimeout}
 * ({@link io.httpmodels.server.ServerConfig.Timeouts#idle()} here), as a request line is.
 */
final class TomcatTls {

    private TomcatTls() {}

    /** Turns {@code connector} (whose handler is {@code protocol}) into an HTTPS connector presenting {@code tls}. */
    static void configure(Connector connector, Http11NioProtocol protocol, ServerTls tls) {
        connector.setSecure(true);
        connector.setScheme("https");
        protocol.setSSLEnabled(true);
        protocol.setSslImplementationName(JSSEImplementation.class.getName());
        SSLHostConfig host = new SSLHostConfig();
        host.setProtocols(String.join(",", ServerTls.PROTOCOLS));
        SSLHostConfigCertificate certificate =
                new SSLHostConfigCertificate(host, SSLHostConfigCertificate.Type.UNDEFINED);
        certificate.setCertificateKeystore(tls.keyStore());
        certificate.setCertificateKeystorePassword(new String(tls.password()));
        certificate.setCertificateKeyAlias(ServerTls.ALIAS);
        host.addCertificate(certificate);
        protocol.addSslHostConfig(host);
    }
}
