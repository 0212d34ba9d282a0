package io.httpmodels.server.tomcat;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * Both Tomcat models against {@link LeakKit}. MEASURED
 *
 * <p>Tomcat's worker pool (minSpareThreads 10, maxThreads 200, as shipped) starts threads above its core when
 * tasks queue and keeps them 60 s idle; {@code tomcat-virtual}'s requests run on the JDK's virtual-thread scheduler,
 * whose carriers (and the spare carriers it adds while a virtual thread blocks in file I/O, such as reading a class
 * from a jar the first time a code path runs) start on demand and stay 30 s idle: once {@code tomcat-virtual} had 22
 * threads against 21 after the kit's 400-request warm-up, in one run of four. So the kit warms both up with a whole
 * round of the load and the hostile pass ({@link LeakKit#poolsGrowOnDemand()}) and checks that a second round grows
 * nothing. In the slow set ({@code mvn verify -Pslow}).
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
