package io.httpmodels.server.netty;

import io.httpmodels.server.DatabaseKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/**
 * netty and netty-virtual query on their work executors: the whole database kit, on the reference transport (the
 * queries do not touch the transport; NettyDatabaseHandlerTest checks the handler's side of it).
 */
class NettyDatabaseTest extends DatabaseKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(
                NettyModels.reference().findFirst().orElseThrow(),
                ModelUnderTest.named(
                        "netty-virtual",
                        config -> config.withTransport(NettyTransport.NIO.id()),
                        "netty-virtual (nio)"));
    }
}
