package io.httpmodels.server.bio;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The blocking models against clients that pipeline and never read (see {@link BackpressureKit}): their writes
 * block, so they stop reading, and the write deadline closes the connection.
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs) since 2026-12-05, beside BioBackpressureSlowTest: a model's
// backpressure and leak kits left mvn verify, so that it keeps its 3 minutes.
@Tag("slow")
class BioBackpressureTest extends BackpressureKit {

    // One model of each socket path (see floodedBySlowReader); BioBackpressureSlowTest floods all four.
    @Override
    protected Stream<ModelUnderTest> models() {
        return BioModels.onePerSocketPath();
    }

    // The slow reader on one model of each socket path here: thread-per-connection
    // for the platform threads' blocking socket, which single-thread and fixed-pool share, and virtual-threads for the
    // JDK's virtual-thread one. Every model is flooded by the client that never reads, and BioBackpressureSlowTest
    // floods every model with both clients.
    @Override
    protected boolean floodedBySlowReader(ModelUnderTest model) {
        return model.name().equals("thread-per-connection") || model.name().equals("virtual-threads");
    }

    @Override
    protected boolean servesOneConnectionAtATime(ModelUnderTest model) {
        return model.name().equals("single-thread");
    }
}
