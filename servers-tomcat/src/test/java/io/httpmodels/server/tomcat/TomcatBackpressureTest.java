package io.httpmodels.server.tomcat;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * Both Tomcat models against clients that pipeline and never read (see {@link BackpressureKit}): the servlet's
 * write blocks its thread once the socket's buffers are full, so Tomcat reads no further request on that
 * connection, and the blocked write gives up at {@code connectionTimeout} (the idle timeout) and closes it.
 */
@Tag("slow")
class TomcatBackpressureTest extends BackpressureKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(TomcatModels.POOL), ModelUnderTest.named(TomcatModels.VIRTUAL));
    }
}
