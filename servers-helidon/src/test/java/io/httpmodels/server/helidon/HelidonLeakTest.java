package io.httpmodels.server.helidon;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The leak kit for the helidon model. In the slow set ({@code mvn verify -Pslow}, 100,000 requests). */
@Tag("slow")
class HelidonLeakTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(HelidonServer.NAME));
    }
}
