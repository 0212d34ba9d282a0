package io.httpmodels.server.nio;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The nio reactor against clients that pipeline and never read (see {@link BackpressureKit}): over the bound of
 * unsent answers it stops reading the connection, and closes it if the peer takes nothing for the idle timeout.
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs) since 2026-12-05, beside NioBackpressureSlowTest: a model's
// backpressure and leak kits left mvn verify, so that it keeps its 3 minutes.
@Tag("slow")
class NioBackpressureTest extends BackpressureKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NioModels.underTest();
    }

    // The slow reader on the default loops only here: the pause and resume are the same code with one loop, which
    // NioBackpressureSlowTest floods with both clients.
    @Override
    protected boolean floodedBySlowReader(ModelUnderTest model) {
        return model.label().equals(NioReactorServer.NAME);
    }
}
