package io.httpmodels.server.netty;

import io.httpmodels.server.HostileClientKit;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.NotRun;

import java.util.stream.Stream;

/**
 * The netty model against the hostile-client kit on nio and on the transport a comparison runs here; {@link
 * NettyHostileClientBesideTest} checks the other transports and netty-virtual in the slow set.
 */
class NettyHostileClientTest extends HostileClientKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.inVerify();
    }

    @Override
    public Stream<NotRun> notRun() {
        return NettyModels.tlsRowsLeftToTheTlsKits();
    }
}
