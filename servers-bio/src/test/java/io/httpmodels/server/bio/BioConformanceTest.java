package io.httpmodels.server.bio;

import io.httpmodels.server.ConformanceKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The blocking models run the whole conformance kit. */
class BioConformanceTest extends ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return BioModels.all();
    }
}
