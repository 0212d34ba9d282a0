package io.httpmodels.server.jdk;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * Both JDK models leave no threads or descriptors behind (see {@link LeakKit}): they pass, with no deviation. In the
 * slow set only ({@code mvn verify -Pslow}): the JDK keeps the connection open after a dozen or so of the hostile
 * clients (its lenient parses, see {@link JdkHostileClientDeviations}, and its 404s), and the kit waits out its
 * short read on each before it closes the connection itself.
 */
@Tag("slow")
class JdkLeakTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(JdkModels.DISPATCHER), ModelUnderTest.named(JdkModels.VIRTUAL));
    }
}
