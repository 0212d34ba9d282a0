package io.httpmodels.server.netty;

import io.httpmodels.server.HostileClientKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The netty model against the hostile-client kit, once per transport that runs on this machine. */
class NettyHostileClientTest extends HostileClientKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.underTest();
    }
}
