package io.httpmodels.server.vertx;

import io.httpmodels.server.ConformanceKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The ConformanceKit for the vertx model, the cases Vert.x answers differently on record ({@link VertxDeviations}). */
// In the slow set (mvn verify -Pslow): it pins down the behaviour of a server this project does not write, case by
// case; mvn verify keeps the model's smoke and work tests.
@Tag("slow")
class VertxConformanceTest extends ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(VertxModel.NAME).withDeviations(VertxDeviations.all()));
    }
}
