package io.httpmodels.server.netty;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.List;
import java.util.stream.Stream;

/**
 * The netty model against clients that pipeline and never read, once per transport that runs here (see
 * {@link BackpressureKit}), with Netty's leak detector tracking every buffer ({@code paranoid}). It records no
 * accesses ({@code targetRecords=0}): a leak report still says where the buffer was allocated, and the server is
 * not slowed tenfold by a stack trace taken at each access (which made a flood take 5 to 9 s instead of 1).
 */
class NettyBackpressureTest extends BackpressureKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyTransport.available().stream()
                .sorted()
                .map(transport -> ModelUnderTest.named(
                        "netty", config -> config.withTransport(transport.id()), "netty (" + transport.id() + ")"));
    }

    @Override
    protected List<String> childJvmFlags() {
        return List.of("-Dio.netty.leakDetection.level=paranoid", "-Dio.netty.leakDetection.targetRecords=0");
    }
}
