package io.httpmodels.server.netty;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.ServerConfig;

import java.util.List;
import java.util.stream.Stream;

/**
 * The netty model against clients that pipeline and never read, once per transport that runs here (see
 * {@link BackpressureKit}; the client that reads a byte a second on nio only), with Netty's leak detector tracking
 * every buffer ({@code paranoid}). It records no
 * accesses ({@code targetRecords=0}): a leak report still says where the buffer was allocated, and the server is
 * not slowed tenfold by a stack trace taken at each access (which made a flood take 5 to 9 s instead of 1).
 */
class NettyBackpressureTest extends BackpressureKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.underTest();
    }

    // The slow reader on nio only here (two cases of about 2 s fewer): the handler that stops and resumes reading on
    // writability is the same on every transport, each transport is flooded by the client that never reads, and
    // NettyBackpressureSlowTest floods every transport with both clients.
    @Override
    protected boolean floodedBySlowReader(ModelUnderTest model) {
        return model.configure().apply(ServerConfig.defaults()).transport().equals(NettyTransport.NIO.id());
    }

    @Override
    protected List<String> childJvmFlags() {
        return List.of("-Dio.netty.leakDetection.level=paranoid", "-Dio.netty.leakDetection.targetRecords=0");
    }
}
