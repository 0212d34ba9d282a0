package io.httpmodels.load;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.OpenSslContextOption;
import io.netty.handler.ssl.OpenSslSessionContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.ReferenceCountUtil;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A slot's context on OpenSSL (BoringSSL through netty): an {@code SSL_CTX} of its own, so a client session cache of
 * its own, keyed by the peer's host and port as the JDK's is.
 *
 * <p>Reference-counted ({@link SslProvider#OPENSSL_REFCNT}): each connection's engine is released when the connection
 * closes, and the context when the worker is done, so the native {@code SSL} and {@code SSL_CTX} are freed then, not
 * whenever a finalizer (deprecated, and off under {@code --finalization=disabled}) gets round to it; a run of
 * thousands of short connections would otherwise hold thousands of them until a GC.
 */
final class OpenSslSlotContext extends SlotTlsContext {
    /** Engines made and not yet released, in this JVM: what TlsLoadTest holds bounded over thousands of connections. */
    static final AtomicLong LIVE_ENGINES = new AtomicLong();

    private final CountingTrustManager trust;
    private final SslContext context;

    OpenSslSlotContext(TlsSettings settings, CountingTrustManager trust, java.util.List<String> applicationProtocols)
            throws SSLException {
        this.trust = trust;
        this.context = SslContextBuilder.forClient()
                .applicationProtocolConfig(
                        applicationProtocols.isEmpty()
                                ? io.netty.handler.ssl.ApplicationProtocolConfig.DISABLED
                                : new io.netty.handler.ssl.ApplicationProtocolConfig(
                                        io.netty.handler.ssl.ApplicationProtocolConfig.Protocol.ALPN,
                                        io.netty.handler.ssl.ApplicationProtocolConfig.SelectorFailureBehavior
                                                .NO_ADVERTISE,
                                        io.netty.handler.ssl.ApplicationProtocolConfig.SelectedListenerFailureBehavior
                                                .ACCEPT,
                                        applicationProtocols))
                .sslProvider(SslProvider.OPENSSL_REFCNT)
                .trustManager(trust)
                .protocols(settings.protocols())
                .option(OpenSslContextOption.GROUPS, TlsSettings.groups())
                // Netty 4.2 checks the host name by default; --insecure checks neither chain nor name, as the JDK's.
                .endpointIdentificationAlgorithm(settings.insecure() ? null : "HTTPS")
                .build();
        if (!settings.resume()) {
            // No session kept, so none offered: every handshake a full one.
            ((OpenSslSessionContext) context.sessionContext()).setSessionCacheEnabled(false);
        }
    }

    @Override
    SSLEngine newEngine(String host, int port) {
        // Netty's JDK-compatible mode (the default): one record per unwrap, BUFFER_UNDERFLOW for a partial one, as
        // TlsChannel expects of the JDK's engine.
        SSLEngine engine = context.newEngine(ByteBufAllocator.DEFAULT, host, port);
        LIVE_ENGINES.incrementAndGet();
        return engine;
    }

    @Override
    long chainsChecked() {
        return trust.checked();
    }

    @Override
    void release(SSLEngine engine) {
        if (ReferenceCountUtil.release(engine)) {
            LIVE_ENGINES.decrementAndGet();
        }
    }

    @Override
    boolean directBuffers() {
        return true;
    }

    @Override
    void close() {
        ReferenceCountUtil.release(context);
    }
}
