package io.httpmodels.server.helidon;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The helidon model against clients that pipeline and never read (see {@link BackpressureKit}). */
@Tag("slow")
class HelidonBackpressureTest extends BackpressureKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(HelidonServer.NAME));
    }
}
