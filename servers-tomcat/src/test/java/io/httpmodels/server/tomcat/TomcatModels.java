package io.httpmodels.server.tomcat;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.ModelUnderTest;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/** The module's two models for a kit, each with the deviations a kit's list gives it by name. */
final class TomcatModels {

    /** The connector's platform worker pool. */
    static final String POOL = "tomcat";

    /** The connector with useVirtualThreads. */
    static final String VIRTUAL = "tomcat-virtual";

    private TomcatModels() {}

    static Stream<ModelUnderTest> withDeviations(Function<String, List<Deviation>> deviations) {
        return Stream.of(POOL, VIRTUAL).map(name -> ModelUnderTest.named(name).withDeviations(deviations.apply(name)));
    }
}
