package io.httpmodels.server.netty;

import io.httpmodels.server.HttpServerModel;
import org.junit.jupiter.api.Tag;

/** {@link NettyHttp2Test}'s cases against netty-virtual: a stream's work on a virtual thread of its own. */
// In the slow set: netty runs the kit in the default build; this one differs only in where the work runs.
@Tag("slow")
class NettyVirtualHttp2Test extends NettyHttp2Test {

    @Override
    protected HttpServerModel model() {
        return new NettyVirtualServer();
    }
}
