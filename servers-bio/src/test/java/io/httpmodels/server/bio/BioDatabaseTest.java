package io.httpmodels.server.bio;

import io.httpmodels.server.DatabaseKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The blocking models query the database on their serving threads: the whole database kit. */
class BioDatabaseTest extends DatabaseKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return BioModels.all();
    }

    /** A pool that loses its database behaves alike on every thread: one model of each socket path. */
    @Override
    protected Stream<ModelUnderTest> outageModels() {
        return BioModels.onePerSocketPath();
    }
}
