package io.httpmodels.server.jdk;

import io.httpmodels.server.ConformanceKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The conformance kit for both JDK models, with the JDK's answers that differ on record ({@link JdkDeviations}). */
class JdkConformanceTest extends ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(
                ModelUnderTest.named("jdk-httpserver").withDeviations(JdkDeviations.all()),
                ModelUnderTest.named("jdk-httpserver-virtual").withDeviations(JdkDeviations.all()));
    }
}
