package io.httpmodels.server.netty;

import io.httpmodels.server.Http2Attack;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Stream;

/**
 * {@link NettyHttp2AttackTest} at an attack's length, 5 s each, against netty on nio and netty-virtual (which serves
 * HTTP/2 through the same frame codec, its streams' work on virtual threads).
 */
@Tag("slow")
class NettyHttp2AttackSlowTest extends NettyHttp2AttackTest {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.overHttp2();
    }

    @Override
    protected Stream<Http2Attack> attacks() {
        return Arrays.stream(Http2Attack.values());
    }

    @Override
    protected Duration attackLength() {
        return Duration.ofSeconds(5);
    }

    @Override
    protected Duration closeWait() {
        return Duration.ofSeconds(3);
    }
}
