package io.httpmodels.server.netty;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsConformanceKit;
import io.httpmodels.server.tls.TlsProvider;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The conformance kit over TLS for netty: on nio with each provider (the JDK's JSSE and BoringSSL), and with BoringSSL
 * on the transport a comparison runs here, when that is not nio. netty-virtual shares every handler, SslHandler
 * included, and is left to the plaintext kits.
 */
@Tag("slow")
class NettyTlsConformanceTest extends TlsConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        NettyTransport picked = NettyTransport.available().get(0);
        Stream<ModelUnderTest> onNio =
                Stream.of(netty(NettyTransport.NIO, TlsProvider.JDK), netty(NettyTransport.NIO, TlsProvider.OPENSSL));
        return picked == NettyTransport.NIO
                ? onNio
                : Stream.concat(onNio, Stream.of(netty(picked, TlsProvider.OPENSSL)));
    }

    static ModelUnderTest netty(NettyTransport transport, TlsProvider provider) {
        return ModelUnderTest.named(
                "netty",
                config -> config.withTransport(transport.id())
                        .withTls(config.tls().orElseThrow().withProvider(provider)),
                "netty (" + transport.id() + ", " + provider.id() + ")");
    }
}
