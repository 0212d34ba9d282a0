package io.httpmodels.server.jdk;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.ModelUnderTest;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/** The module's two models for a kit, each with the deviations a kit's list gives it by name. */
final class JdkModels {

    /** Handlers on the JDK's one dispatcher thread (its default executor). */
    static final String DISPATCHER = "jdk-httpserver";

    /** A virtual thread per exchange. */
    static final String VIRTUAL = "jdk-httpserver-virtual";

    private JdkModels() {}

    static Stream<ModelUnderTest> withDeviations(Function<String, List<Deviation>> deviations) {
        return Stream.of(DISPATCHER, VIRTUAL)
                .map(name -> ModelUnderTest.named(name).withDeviations(deviations.apply(name)));
    }
}
