package io.httpmodels.load;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;

/**
 * A trust manager that counts the server chains it is asked to check, and leaves the checking to the one it wraps.
 * A full handshake shows the client the server's certificate, a resumed one does not (TLS 1.3 PSK, TLS 1.2 session
 * id or ticket), on either provider: so a handshake during which nothing was checked resumed. This replaced reading
 * the JDK session's creation time, which OpenSSL keeps in whole seconds and which hid resumptions in the
 * millisecond of their full handshake.
 */
final class CountingTrustManager extends X509ExtendedTrustManager {
    private final X509ExtendedTrustManager delegate;
    private long checked;

    CountingTrustManager(X509ExtendedTrustManager delegate) {
        this.delegate = delegate;
    }

    /** Server chains checked so far (each pass, trusted or not). */
    long checked() {
        return checked;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        checked++;
        delegate.checkServerTrusted(chain, authType, engine);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        checked++;
        delegate.checkServerTrusted(chain, authType, socket);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        checked++;
        delegate.checkServerTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        delegate.checkClientTrusted(chain, authType, engine);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        delegate.checkClientTrusted(chain, authType, socket);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        delegate.checkClientTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return delegate.getAcceptedIssuers();
    }
}
