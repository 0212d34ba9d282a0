package io.httpmodels.server.netty;

import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/**
 * What this module's kits check: the netty model once per transport that runs on this machine, and netty-virtual
 * on nio. netty-virtual shares every handler with netty and differs only in where the blocking work runs, so one
 * transport covers what it adds.
 */
final class NettyModels {

    private NettyModels() {}

    static Stream<ModelUnderTest> underTest() {
        Stream<ModelUnderTest> netty = NettyTransport.available().stream()
                .sorted()
                .map(transport -> ModelUnderTest.named(
                        "netty", config -> config.withTransport(transport.id()), "netty (" + transport.id() + ")"));
        return Stream.concat(
                netty,
                Stream.of(ModelUnderTest.named(
                        "netty-virtual",
                        config -> config.withTransport(NettyTransport.NIO.id()),
                        "netty-virtual (nio)")));
    }
}
