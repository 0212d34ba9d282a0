package io.httpmodels.server.jetty;

import io.httpmodels.server.Http2AttackKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.time.Duration;
import java.util.stream.Stream;

/**
 * Both Jetty models against every HTTP/2 attack of the {@link Http2AttackKit}, 5 s each, through Jetty's own HTTP/2
 * (its {@code RateControl} and stream limits as Jetty sets them by default). In the slow set, as Jetty's HTTP/2 kit.
 */
@Tag("slow")
class JettyHttp2AttackTest extends Http2AttackKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(JettyModels.POOL), ModelUnderTest.named(JettyModels.VIRTUAL));
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
