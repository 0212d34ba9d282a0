package io.httpmodels.server.jdk;

import io.httpmodels.server.DeadlineKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The deadline kit for both JDK models, the cases they fail on record ({@link JdkDeadlineDeviations}). */
class JdkDeadlineTest extends DeadlineKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return JdkModels.withDeviations(JdkDeadlineDeviations::of);
    }
}
