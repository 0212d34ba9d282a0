package io.httpmodels.server.netty;

import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/**
 * What this module's kits check: the netty model once per transport that runs on this machine, and netty-virtual
 * on nio. netty-virtual shares every handler with netty and differs only in where the blocking work runs, so one
 * transport covers what it adds. The kits whose every case starts a JVM of its own (leak, backpressure) check
 * {@link #reference()} in {@code mvn verify} and {@link #besideTheReference()} in the slow set, to keep the
 * developer's build within its minutes: the handlers under test are the same on every transport.
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

    static Stream<ModelUnderTest> underTest() {
        return Stream.concat(reference(), besideTheReference());
    }

    private static ModelUnderTest netty(NettyTransport transport) {
        return ModelUnderTest.named(
                "netty", config -> config.withTransport(transport.id()), "netty (" + transport.id() + ")");
    }
}
