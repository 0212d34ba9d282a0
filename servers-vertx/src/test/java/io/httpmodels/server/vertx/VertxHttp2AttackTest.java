package io.httpmodels.server.vertx;

import io.httpmodels.server.Http2AttackKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.time.Duration;
import java.util.stream.Stream;

/**
 * The vertx model against every HTTP/2 attack of the {@link Http2AttackKit}, 5 s each, through Vert.x's own HTTP/2
 * (Netty's codec under Vert.x, its {@code Http2Settings} as the model sets them). In the slow set, as Jetty's.
 */
@Tag("slow")
class VertxHttp2AttackTest extends Http2AttackKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(VertxModel.NAME));
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
