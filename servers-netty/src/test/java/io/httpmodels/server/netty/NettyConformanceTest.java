package io.httpmodels.server.netty;

import io.httpmodels.server.ConformanceKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The conformance kit for the netty model, once per transport that runs on this machine. */
class NettyConformanceTest extends ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.underTest();
    }
}
