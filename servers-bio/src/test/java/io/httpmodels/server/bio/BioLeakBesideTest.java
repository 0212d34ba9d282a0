package io.httpmodels.server.bio;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * {@link BioLeakTest}'s kit on the two blocking models that share thread-per-connection's socket path, in the slow
 * set (at its full size there): single-thread and fixed-pool.
 */
@Tag("slow")
class BioLeakBesideTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return BioModels.besideOnePerSocketPath();
    }
}
