package io.httpmodels.load;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import java.security.GeneralSecurityException;

/** A slot's context on the JDK's provider: an {@link SSLContext} of its own, so a session cache of its own. */
final class JdkSlotContext extends SlotTlsContext {
    private final TlsSettings settings;
    private final CountingTrustManager trust;
    private final SSLContext context;
    private final String[] applicationProtocols;

    JdkSlotContext(TlsSettings settings, CountingTrustManager trust, java.util.List<String> applicationProtocols)
            throws GeneralSecurityException {
        this.settings = settings;
        this.trust = trust;
        this.applicationProtocols = applicationProtocols.toArray(String[]::new);
        this.context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {trust}, null);
    }

    /**
     * With resumption the engine names its peer, so the cache offers that peer's last session; without, the cache
     * is emptied first.
     */
    @Override
    SSLEngine newEngine(String host, int port) {
        if (!settings.resume()) {
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
        parameters.setProtocols(settings.protocols());
        parameters.setNamedGroups(TlsSettings.groups());
        if (applicationProtocols.length > 0) {
            parameters.setApplicationProtocols(applicationProtocols);
        }
        if (!settings.insecure()) {
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
        }
        engine.setSSLParameters(parameters);
        return engine;
    }

    @Override
    long chainsChecked() {
        return trust.checked();
    }

    @Override
    void release(SSLEngine engine) {
        // A JDK engine holds heap memory only.
    }

    @Override
    boolean directBuffers() {
        return false;
    }

    @Override
    void close() {
        // Nothing outside the heap.
    }
}
