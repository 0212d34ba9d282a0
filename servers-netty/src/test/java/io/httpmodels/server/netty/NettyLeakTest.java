package io.httpmodels.server.netty;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The netty model leaves no threads or descriptors behind, once per transport that runs here (see {@link LeakKit}). */
class NettyLeakTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.underTest();
    }
}
