package io.httpmodels.server.netty;

import io.httpmodels.server.Http2Attack;
import io.httpmodels.server.Http2AttackKit;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.NotRun;

import java.util.stream.Stream;

/**
 * The {@link Http2AttackKit}'s short form, in {@code mvn verify}: netty on nio over h2c against the attacks that were
 * CVEs across servers and that netty ends within a second (Rapid Reset, the CONTINUATION flood, the HPACK bomb, the
 * PING flood), each for half a second; {@link NettyHttp2AttackSlowTest} holds netty and netty-virtual to every attack
 * for seconds.
 */
class NettyHttp2AttackTest extends Http2AttackKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.reference();
    }

    @Override
    protected Stream<Http2Attack> attacks() {
        return Stream.of(
                Http2Attack.RAPID_RESET,
                Http2Attack.CONTINUATION_FLOOD,
                Http2Attack.HPACK_BOMB,
                Http2Attack.PING_FLOOD);
    }

    @Override
    public Stream<NotRun> notRun() {
        return NettyModels.rowsLeftToHttp2OnNio();
    }
}
