package io.httpmodels.server.undertow;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.Http2AttackKit;
import io.httpmodels.server.KitRule;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * The undertow model against every HTTP/2 attack of the {@link Http2AttackKit}, 5 s each, through Undertow's own
 * HTTP/2 ({@code UndertowOptions.ENABLE_HTTP2}, its limits as the model sets them). In the slow set, as Jetty's.
 * Undertow does not hold a connection to the stream limit it advertises: a documented deviation.
 */
@Tag("slow")
class UndertowHttp2AttackTest extends Http2AttackKit {

    private static final List<Deviation> DEVIATIONS = List.of(Deviation.ofCase(
            "anHttp2AttackLeavesTheServerInBoundedMemoryServingOthers",
            "TOO_MANY_STREAMS",
            "advertises SETTINGS_MAX_CONCURRENT_STREAMS 128 (HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, which the model"
                    + " sets) but refuses none of 10,000 streams left open on one connection and keeps the"
                    + " connection: Undertow 2.4.4.Final counts a connection's incoming streams but never compares"
                    + " the count with that limit (2026-12-07: +0 MiB, bystanders answered, CPU back at rest)",
            KitRule.HTTP2_ABUSE));

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(UndertowModel.NAME).withDeviations(DEVIATIONS));
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
