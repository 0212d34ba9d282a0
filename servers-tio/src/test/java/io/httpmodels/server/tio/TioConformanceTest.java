package io.httpmodels.server.tio;

import io.httpmodels.server.ConformanceKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The conformance kit for the tio model, with t-io's answers that differ on record ({@link TioDeviations}). */
class TioConformanceTest extends ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named("tio").withDeviations(TioDeviations.all()));
    }
}
