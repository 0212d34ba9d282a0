package io.httpmodels.server.netty;

import io.httpmodels.server.Http2AttackKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/**
 * The {@link Http2AttackKit}'s short form, in {@code mvn verify}: every attack against netty on nio over h2c, each
 * for half a second; {@link NettyHttp2AttackSlowTest} holds netty and netty-virtual to every attack for seconds.
 */
class NettyHttp2AttackTest extends Http2AttackKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.reference();
    }
}
