package io.httpmodels.server.netty;

import io.httpmodels.server.ConformanceKit;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.NotRun;

import java.util.stream.Stream;

/**
 * The conformance kit for the netty model on nio and on the transport a comparison runs here; {@link
 * NettyConformanceBesideTest} checks the other transports and netty-virtual in the slow set.
 */
class NettyConformanceTest extends ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.inVerify();
    }

    @Override
    public Stream<NotRun> notRun() {
        return NettyModels.tlsRowsLeftToTheTlsKits();
    }
}
