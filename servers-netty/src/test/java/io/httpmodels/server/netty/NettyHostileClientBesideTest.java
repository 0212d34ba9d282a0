package io.httpmodels.server.netty;

import io.httpmodels.server.HostileClientKit;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.NotRun;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * {@link NettyHostileClientTest}'s hostile-client kit on the netty models {@code mvn verify} leaves to the slow set: the other
 * transports that run here and netty-virtual (see {@link NettyModels#beyondVerify()}).
 */
@Tag("slow")
class NettyHostileClientBesideTest extends HostileClientKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.beyondVerify();
    }

    @Override
    public Stream<NotRun> notRun() {
        return NettyModels.tlsRowsLeftToTheTlsKits();
    }
}
