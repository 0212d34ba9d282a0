package io.httpmodels.server.jetty;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.time.Duration;
import java.util.stream.Stream;

/**
 * Both Jetty models against {@link LeakKit}. MEASURED
 *
 * <p>Jetty's {@code QueuedThreadPool} (max 200, min 8, as shipped) starts a thread whenever a task finds none idle
 * and keeps it until it has been idle 60 s, then lets one go per 60 s: after the kit's 400-request warm-up the
 * {@code jetty} model sometimes had fewer threads than after the load, in some runs only. So the kit warms it up with
 * a whole round of the load and the hostile pass ({@link LeakKit#poolsGrowOnDemand()}) and checks that a second
 * round grows nothing. In the slow set ({@code mvn verify -Pslow}).
 */
@Tag("slow")
class JettyLeakTest extends LeakKit {

    /** As {@link JettyBackpressureTest}'s: with 500 ms both models closed the first 4 connections unanswered. */
    @Override
    protected Duration idleTimeout() {
        return Duration.ofSeconds(2);
    }

    @Override
    protected boolean poolsGrowOnDemand() {
        return true;
    }

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(JettyModels.POOL), ModelUnderTest.named(JettyModels.VIRTUAL));
    }
}
