package io.httpmodels.server.netty;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.NotRun;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The netty models leave no threads or descriptors behind (see {@link LeakKit}): netty on every transport that runs
 * here, and netty-virtual.
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs, at the kit's full size) since 2026-12-05: a model's
// backpressure and leak kits left mvn verify, so that it keeps its 3 minutes.
@Tag("slow")
class NettyLeakTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.underTest();
    }

    @Override
    public Stream<NotRun> notRun() {
        return NettyModels.tlsRowsLeftToTheTlsKits();
    }
}
