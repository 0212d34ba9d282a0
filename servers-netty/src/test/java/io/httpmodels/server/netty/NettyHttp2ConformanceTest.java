package io.httpmodels.server.netty;

import io.httpmodels.server.Http2ConformanceKit;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.NotRun;

import java.util.stream.Stream;

/**
 * The {@link Http2ConformanceKit} in {@code mvn verify}: netty on nio and netty-virtual on nio, which share the frame
 * codec ({@code NettyHttp2}), over h2c. Every case is one connection to a server started once per model, so the kit
 * costs a few seconds. Where netty's codec answers otherwise is on record ({@link NettyHttp2ConformanceDeviations}).
 */
class NettyHttp2ConformanceTest extends Http2ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.overHttp2().map(model -> model.withDeviations(NettyHttp2ConformanceDeviations.of()));
    }

    @Override
    public Stream<NotRun> notRun() {
        return NettyModels.rowsLeftToHttp2OnNio();
    }
}
