package io.httpmodels.server.jetty;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.ModelUnderTest;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/** The module's two models for a kit, each with the deviations a kit's list gives it by name. */
final class JettyModels {

    /** Handlers on Jetty's QueuedThreadPool. */
    static final String POOL = JettyModel.NAME;

    /** Handlers on virtual threads (the pool's virtual threads executor). */
    static final String VIRTUAL = JettyVirtualModel.NAME;

    private JettyModels() {}

    static Stream<ModelUnderTest> withDeviations(Function<String, List<Deviation>> deviations) {
        return Stream.of(POOL, VIRTUAL).map(name -> ModelUnderTest.named(name).withDeviations(deviations.apply(name)));
    }
}
