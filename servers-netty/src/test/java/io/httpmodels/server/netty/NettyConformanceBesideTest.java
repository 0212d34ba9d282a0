package io.httpmodels.server.netty;

import io.httpmodels.server.ConformanceKit;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.NotRun;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * {@link NettyConformanceTest}'s conformance kit on the netty models {@code mvn verify} leaves to the slow set: the other
 * transports that run here and netty-virtual (see {@link NettyModels#beyondVerify()}).
 */
@Tag("slow")
class NettyConformanceBesideTest extends ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.beyondVerify();
    }

    @Override
    public Stream<NotRun> notRun() {
        return NettyModels.tlsRowsLeftToTheTlsKits();
    }
}
