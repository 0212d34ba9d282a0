package io.httpmodels.server.netty;

import io.httpmodels.server.ConformanceKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The conformance kit for the netty model, once per transport that runs on this machine. */
class NettyConformanceTest extends ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyTransport.available().stream()
                .sorted()
                .map(transport -> ModelUnderTest.named(
                        "netty", config -> config.withTransport(transport.id()), "netty (" + transport.id() + ")"))
                .collect(java.util.stream.Collectors.collectingAndThen(
                        java.util.stream.Collectors.toList(),
                        netty -> Stream.concat(
                                netty.stream(),
                                Stream.of(ModelUnderTest.named(
                                        "netty-virtual",
                                        config -> config.withTransport(NettyTransport.NIO.id()),
                                        "netty-virtual (nio)")))));
    }
}
