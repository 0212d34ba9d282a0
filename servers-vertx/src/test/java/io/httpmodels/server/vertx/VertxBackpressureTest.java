package io.httpmodels.server.vertx;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The vertx model against clients that pipeline and never read, or read slowly (see {@link BackpressureKit}): it
 * passes with no deviation. Vert.x stops reading a connection whose answers the socket does not take (2026-12-04:
 * 4.1 MiB taken, what the socket buffers hold; resident set +0-10 MiB, heap unchanged) and the idle timeout closes
 * it. In the slow set.
 */
@Tag("slow")
class VertxBackpressureTest extends BackpressureKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(VertxModel.NAME));
    }
}
