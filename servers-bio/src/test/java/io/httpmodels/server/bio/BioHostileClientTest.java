package io.httpmodels.server.bio;

import io.httpmodels.server.HostileClientKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The blocking models against the hostile-client kit. */
class BioHostileClientTest extends HostileClientKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return BioModels.all();
    }

    @Override
    protected boolean servesOneConnectionAtATime(ModelUnderTest model) {
        return model.name().equals("single-thread");
    }
}
