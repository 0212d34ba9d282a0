package io.httpmodels.server.tomcat;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * Both Tomcat models against {@link LeakKit}.
 *
 * <p>Tomcat's worker pool (minSpareThreads 10, maxThreads 200, as shipped) starts threads above its core when tasks
 * queue and keeps them 60 s idle; {@code tomcat-virtual}'s threads come and go with the JDK's virtual-thread
 * scheduler, whose carriers start on demand. After a warm-up round of the whole load, the count still varied by one
 * thread from round to round: {@code tomcat} had 30 threads after a check against 29 after the warm-up round (a
 * connector-pool worker, 2026-12-05, 100,000 requests), {@code tomcat-virtual} 22 against 21 in 1 run of 3
 * (2026-12-04). So the kit checks them as pools that grow on demand ({@link LeakKit#poolsGrowOnDemand()}): rounds of
 * the same load until one grows the thread count no higher than any round before it, descriptors strict. In the slow
 * set ({@code mvn verify -Pslow}).
 */
@Tag("slow")
class TomcatLeakTest extends LeakKit {

    @Override
    protected boolean poolsGrowOnDemand() {
        return true;
    }

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(TomcatModels.POOL), ModelUnderTest.named(TomcatModels.VIRTUAL));
    }
}
