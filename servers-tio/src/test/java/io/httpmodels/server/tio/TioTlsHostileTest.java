package io.httpmodels.server.tio;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.KitRule;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.Tag;

import java.util.List;
import java.util.stream.Stream;

/**
 * Clients that get TLS wrong, against the tio model (t-io's own SSL). Garbage and plaintext HTTP are closed; a stalled
 * handshake is not: t-io has no deadline for it but its heartbeat timeout (20 s), as for every silence, so both
 * stalled cases are t-io's deviations (observed 2026-12-04: still open after the kit's 4 s; others served meanwhile).
 */
@Tag("slow")
class TioTlsHostileTest extends TlsHostileKit {

    private static final String OPEN = " open past the deadline: t-io's handshake has no deadline, only its 20 s"
            + " heartbeat timeout closes it (others are served meanwhile)";

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named("tio")
                .withDeviations(List.of(
                        Deviation.of(
                                "aConnectionThatNeverStartsAHandshakeIsClosedWithinTheHeaderDeadline",
                                "keeps a connection that sends nothing" + OPEN,
                                KitRule.TLS_HANDSHAKE),
                        Deviation.of(
                                "aHandshakeStoppedHalfwayIsClosedWithinTheHeaderDeadline",
                                "keeps a connection that sent half a ClientHello" + OPEN,
                                KitRule.TLS_HANDSHAKE))));
    }
}
