package io.httpmodels.server.nio;

import io.httpmodels.server.DatabaseFloodKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * nio-reactor flooded with pipelined {@code GET /db} that it queries on its work pool: the database flood kit.
 * Measured 2026-12-07: 4.7 MiB (133,313 requests) taken in 10 s, the writes then stalled for good; heap +1 MiB,
 * resident set +14 MiB; 46 bystanders, the slowest answered in 85 ms.
 */
@Tag("slow")
class NioDatabaseFloodTest extends DatabaseFloodKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(NioReactorServer.NAME));
    }
}
