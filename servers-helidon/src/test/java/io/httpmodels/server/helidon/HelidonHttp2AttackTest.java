package io.httpmodels.server.helidon;

import io.httpmodels.server.Http2AttackKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.time.Duration;
import java.util.stream.Stream;

/**
 * The helidon model against every HTTP/2 attack of the {@link Http2AttackKit}, 5 s each, through Helidon's own
 * HTTP/2 ({@code helidon-webserver-http2}, its {@code Http2Config} as the model sets it). In the slow set, as Jetty's.
 */
@Tag("slow")
class HelidonHttp2AttackTest extends Http2AttackKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(HelidonServer.NAME));
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
