package io.httpmodels.server.helidon;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.Http2AttackKit;
import io.httpmodels.server.KitRule;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * The helidon model against every HTTP/2 attack of the {@link Http2AttackKit}, 5 s each, through Helidon's own
 * HTTP/2 ({@code helidon-webserver-http2}, its {@code Http2Config} as the model sets it). In the slow set, as Jetty's.
 * Helidon does not bound a header block's decoded size: the HPACK bomb is a documented deviation.
 */
@Tag("slow")
class HelidonHttp2AttackTest extends Http2AttackKit {

    private static final List<Deviation> DEVIATIONS = List.of(Deviation.ofCase(
            "anHttp2AttackLeavesTheServerInBoundedMemoryServingOthers",
            "HPACK_BOMB",
            "goes on decoding an HPACK bomb's header blocks (12,000 references to a 4,000-byte field, about 48 MiB a"
                    + " stream) though it advertises SETTINGS_MAX_HEADER_LIST_SIZE 4,096 (Http2Config"
                    + " maxHeaderListSize, \"the maximum field section size that the sender is prepared to accept\","
                    + " set to maxHeaderBytes), and keeps the connection: Helidon 4.5.0's resident set grew by 775"
                    + " MiB in 1.9 s before the kit stopped the attack (2026-12-07)",
            KitRule.HTTP2_ABUSE));

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(HelidonServer.NAME).withDeviations(DEVIATIONS));
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
