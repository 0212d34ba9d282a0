package io.httpmodels.server.tomcat;

import io.httpmodels.server.Http2AttackKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.time.Duration;
import java.util.stream.Stream;

/**
 * Both Tomcat models against every HTTP/2 attack of the {@link Http2AttackKit}, 5 s each, through Tomcat's own
 * HTTP/2 ({@code Http2Protocol} as the connector's upgrade protocol, its overhead protection as Tomcat sets it by
 * default). In the slow set, as Jetty's.
 */
@Tag("slow")
class TomcatHttp2AttackTest extends Http2AttackKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(TomcatModels.POOL), ModelUnderTest.named(TomcatModels.VIRTUAL));
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
