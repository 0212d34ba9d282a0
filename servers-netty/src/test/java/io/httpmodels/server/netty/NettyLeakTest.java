package io.httpmodels.server.netty;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/**
 * The netty model on nio leaves no threads or descriptors behind (see {@link LeakKit}); {@link
 * NettyLeakBesideNioTest} checks the other transports and netty-virtual in the slow set.
 */
class NettyLeakTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.reference();
    }
}
