package io.httpmodels.server.bio;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/**
 * The blocking models leave no threads or descriptors behind (see {@link LeakKit}). In {@code mvn verify}, one model
 * of each socket path: thread-per-connection for the platform threads' blocking socket (single-thread and fixed-pool
 * serve on the same one) and virtual-threads for the JDK's virtual-thread one; {@link BioLeakBesideTest} runs the
 * other two in the slow set, where every leak kit runs at its full size.
 */
class BioLeakTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return BioModels.onePerSocketPath();
    }
}
