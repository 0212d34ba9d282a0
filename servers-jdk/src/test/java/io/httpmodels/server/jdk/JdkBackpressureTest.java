package io.httpmodels.server.jdk;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * Both JDK models against clients that pipeline and never read (see {@link BackpressureKit}): they stop reading, so
 * memory stays bounded, but never close the connection, and the dispatcher-thread model serves nobody else while the
 * flood lasts ({@link JdkBackpressureDeviations}).
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs): it pins down the behaviour of a server this project
// does not write, case by case; mvn verify keeps the model's smoke test and stays within its minutes.
@Tag("slow")
class JdkBackpressureTest extends BackpressureKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return JdkModels.withDeviations(JdkBackpressureDeviations::of);
    }

    // The slow reader on the virtual-thread model only here (a case of about 10 s fewer): both models write through
    // the JDK's same exchange code, on the dispatcher thread or on a virtual thread. Every model is flooded by the
    // client that never reads, and JdkBackpressureSlowTest floods every model with both clients.
    @Override
    protected boolean floodedBySlowReader(ModelUnderTest model) {
        return model.name().equals(JdkModels.VIRTUAL);
    }
}
