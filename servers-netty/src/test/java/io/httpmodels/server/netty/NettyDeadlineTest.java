package io.httpmodels.server.netty;

import io.httpmodels.server.DeadlineKit;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.NotRun;

import java.util.stream.Stream;

/** The request deadlines for the netty model, once per transport that runs on this machine. */
class NettyDeadlineTest extends DeadlineKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.underTest();
    }

    @Override
    public Stream<NotRun> notRun() {
        return NettyModels.tlsRowsLeftToTheTlsKits();
    }
}
