package io.httpmodels.server.netty;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.NotRun;
import io.httpmodels.server.tls.TlsProvider;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What this module's kits check: the netty model once per transport that runs on this machine, and netty-virtual
 * on nio. netty-virtual shares every handler with netty and differs only in where the blocking work runs, so one
 * transport covers what it adds. The kits whose every case starts a JVM of its own (leak, backpressure) check
 * {@link #reference()} in {@code mvn verify} and {@link #besideTheReference()} in the slow set, to keep the
 * developer's build within its minutes: the handlers under test are the same on every transport. The conformance and
 * hostile-client kits check {@link #inVerify()} there and {@link #beyondVerify()} in the slow set.
 */
final class NettyModels {

    private NettyModels() {}

    /** netty on nio: the transport every JVM has, and the one each kit checks in {@code mvn verify}. */
    static Stream<ModelUnderTest> reference() {
        return Stream.of(netty(NettyTransport.NIO));
    }

    /** Every model {@link #underTest()} but {@link #reference()}: the slow set's share of a split kit. */
    static Stream<ModelUnderTest> besideTheReference() {
        Stream<ModelUnderTest> otherTransports = NettyTransport.available().stream()
                .filter(transport -> transport != NettyTransport.NIO)
                .sorted()
                .map(NettyModels::netty);
        return Stream.concat(
                otherTransports,
                Stream.of(ModelUnderTest.named(
                        "netty-virtual",
                        config -> config.withTransport(NettyTransport.NIO.id()),
                        "netty-virtual (nio)")));
    }

    /**
     * What the conformance and hostile-client kits check in {@code mvn verify}: {@link #reference()} and, when it
     * differs, the transport {@code auto} picks here (the one a comparison runs).
     */
    static Stream<ModelUnderTest> inVerify() {
        NettyTransport picked = NettyTransport.available().get(0);
        return picked == NettyTransport.NIO ? reference() : Stream.concat(reference(), Stream.of(netty(picked)));
    }

    /** Every model {@link #underTest()} but {@link #inVerify()}: the slow set's share of those kits. */
    static Stream<ModelUnderTest> beyondVerify() {
        List<String> inVerify = inVerify().map(ModelUnderTest::label).toList();
        return underTest().filter(model -> !inVerify.contains(model.label()));
    }

    static Stream<ModelUnderTest> underTest() {
        return Stream.concat(reference(), besideTheReference());
    }

    /**
     * What the TLS kits check (in the slow set): netty on nio with each provider (the JDK's JSSE, BoringSSL), and with
     * BoringSSL on the transport {@code auto} picks here when that is not nio. netty-virtual shares every handler,
     * SslHandler included, and is left to the plaintext kits.
     */
    static Stream<ModelUnderTest> overTls() {
        NettyTransport picked = NettyTransport.available().get(0);
        Stream<ModelUnderTest> onNio =
                Stream.of(tls(NettyTransport.NIO, TlsProvider.JDK), tls(NettyTransport.NIO, TlsProvider.OPENSSL));
        return picked == NettyTransport.NIO ? onNio : Stream.concat(onNio, Stream.of(tls(picked, TlsProvider.OPENSSL)));
    }

    /**
     * The TLS rows ({@link #overTls()}), which the plaintext kits leave out: netty over TLS is one {@code SslHandler}
     * in front of the pipeline those kits check on every transport, and the TLS kits check it.
     */
    static Stream<NotRun> tlsRowsLeftToTheTlsKits() {
        String plain = underTest().map(ModelUnderTest::label).collect(Collectors.joining(", "));
        return overTls()
                .map(model -> new NotRun(
                        model.label(),
                        "a TLS row, checked by the TLS kits (and NettyTlsBackpressureTest); this kit checks the same"
                                + " pipeline without TLS as " + plain));
    }

    /**
     * The plaintext rows ({@link #underTest()}), which the TLS kits leave out: they check netty over TLS on nio with
     * each provider (and BoringSSL on the transport {@code auto} picks), since the {@code SslHandler} in front of the
     * pipeline is the same on every transport, and netty-virtual shares every handler with netty.
     */
    static Stream<NotRun> plaintextRowsLeftToThePlaintextKits() {
        String tls = overTls().map(ModelUnderTest::label).collect(Collectors.joining(", "));
        return underTest()
                .map(model -> new NotRun(
                        model.label(),
                        "checked over TLS as " + tls + ": the SslHandler in front of the pipeline is the same on every"
                                + " transport, and netty-virtual shares every handler with netty"));
    }

    /**
     * What the HTTP/2 kits check: netty and netty-virtual on nio, over h2c. Both share the frame codec
     * ({@code NettyHttp2}) and hand each stream to the handler the HTTP/1.1 kits check on every transport.
     */
    static Stream<ModelUnderTest> overHttp2() {
        return Stream.concat(
                reference(),
                Stream.of(ModelUnderTest.named(
                        "netty-virtual",
                        config -> config.withTransport(NettyTransport.NIO.id()),
                        "netty-virtual (nio)")));
    }

    /**
     * The rows the HTTP/2 kits leave out: every other transport and the TLS rows. The HTTP/2 frame codec in front of
     * the handlers is the same on every transport, and these kits speak h2c, without TLS.
     */
    static Stream<NotRun> rowsLeftToHttp2OnNio() {
        List<String> overHttp2 = overHttp2().map(ModelUnderTest::label).toList();
        return Stream.concat(underTest(), overTls())
                .map(ModelUnderTest::label)
                .filter(label -> !overHttp2.contains(label))
                .map(label -> new NotRun(
                        label,
                        "the HTTP/2 kits check " + String.join(" and ", overHttp2) + " over h2c: the frame codec in"
                                + " front of the handlers is the same on every transport and TLS provider"));
    }

    /** netty on {@code transport}, the kit's certificate encrypted by {@code provider}. */
    static ModelUnderTest tls(NettyTransport transport, TlsProvider provider) {
        return ModelUnderTest.named(
                "netty",
                config -> config.withTransport(transport.id())
                        .withTls(config.tls().orElseThrow().withProvider(provider)),
                "netty (" + transport.id() + ", " + provider.id() + ")");
    }

    private static ModelUnderTest netty(NettyTransport transport) {
        return ModelUnderTest.named(
                "netty", config -> config.withTransport(transport.id()), "netty (" + transport.id() + ")");
    }
}
