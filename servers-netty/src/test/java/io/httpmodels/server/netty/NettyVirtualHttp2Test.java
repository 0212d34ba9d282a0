package io.httpmodels.server.netty;

import io.httpmodels.server.Http2Kit;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.ServerConfig;
import org.junit.jupiter.api.Tag;

/** The {@link Http2Kit} against netty-virtual: a stream's work on a virtual thread of its own. */
// In the slow set: netty runs the kit in the default build; this one differs only in where the work runs.
@Tag("slow")
class NettyVirtualHttp2Test extends Http2Kit {

    @Override
    protected HttpServerModel model() {
        return new NettyVirtualServer();
    }

    @Override
    protected ServerConfig baseConfig() {
        return ServerConfig.defaults().withWorkerThreads(1).withTransport(NettyTransport.NIO.id());
    }

    @Override
    protected String echoedVersion() {
        return "HTTP/1.1";
    }
}
