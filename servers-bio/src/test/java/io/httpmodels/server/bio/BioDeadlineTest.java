package io.httpmodels.server.bio;

import io.httpmodels.server.DeadlineKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The blocking models keep the request deadlines. */
class BioDeadlineTest extends DeadlineKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return BioModels.all();
    }
}
