package io.httpmodels.server.tomcat;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The {@code tomcat} model against {@link LeakKit}; {@code tomcat-virtual} is left out, below.
 *
 * <p>Tomcat's worker pool (minSpareThreads 10, maxThreads 200, as shipped) starts threads above its core when tasks
 * queue and keeps them 60 s idle, so the kit warms the model up with a whole round of the load and the hostile pass
 * ({@link LeakKit#poolsGrowOnDemand()}) and checks that a second round grows nothing. Measured 2026-12-04 (JDK 25,
 * the shared 2-core machine): 31 threads and 11 fds after the warm-up round, and no more after either check, in 5
 * runs of 2,000 requests (each round's requests in 1.4-2.2 s, the hostile pass 4.2-4.3 s, the class about 30 s for
 * this model); 29 threads and 11 fds in 1 run of 100,000 (each round's requests in 33 s, 96 s for this model).
 *
 * <p><b>{@code tomcat-virtual} is not checked here</b>: it had 22 threads after the second round's hostile pass
 * against 21 after the warm-up round (2026-12-04 23:30 UTC, 1 run of 3 at 2,000 requests), as it had once in
 * {@code .ci/run} with the short warm-up. In the other 2 runs it had 22 after the warm-up round and after each check,
 * and it passed 1 run of 100,000 with 21:
 * so it is the baseline that varies, one thread that after the warm-up round is, in some runs, not there (yet, or
 * for a while) and comes back, not a thread per request. Not identified; the suspect is still the JDK's
 * virtual-thread scheduler, whose carriers start on demand and end after 30 s idle, not verified. A check that
 * fails in some runs only, and a documented deviation must fail in every run, so neither holds; the kit now names
 * the threads that were not there after the warm-up when it fails, so that the next run that meets it says
 * which.
 *
 * <p><b>{@code tomcat} fails in some runs too</b>, so the class is disabled: at 100,000 requests (2026-12-05 00:30
 * UTC, the lead's run after the merge, a quiet machine) it had 30 threads after the first check against 29 after the
 * warm-up round, the one more a worker of the connector's pool ({@code http-nio-127.0.}, the name cut by the
 * kernel). A warm-up round does not always reach the peak the next round's load reaches, as with Jetty. To run it
 * anyway: {@code -Djunit.jupiter.conditions.deactivate=org.junit.*DisabledCondition}.
 */
@Tag("slow")
@Disabled("fails in some runs only: the connector pool's peak varies from round to round (see the class comment)")
class TomcatLeakTest extends LeakKit {

    @Override
    protected boolean poolsGrowOnDemand() {
        return true;
    }

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(TomcatModels.POOL));
    }
}
