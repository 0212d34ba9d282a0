package io.httpmodels.server.undertow;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.Deviation;
import io.httpmodels.server.KitRule;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.List;
import java.util.stream.Stream;

/**
 * The undertow model against clients that pipeline and never read (see {@link BackpressureKit}): Undertow stops
 * reading the flooding connection, so memory stays bounded (2026-12-04: it took 4.8-5.2 MiB of requests, what the socket
 * buffers hold; resident set +1 to +6 MiB, heap in use 5 MiB while flooded), but it never closes the connection, at a
 * 500 ms idle timeout ({@code IDLE_TIMEOUT}) or 3 s after it: a documented deviation, for both clients.
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), like the module's other kits.
@Tag("slow")
class UndertowBackpressureTest extends BackpressureKit {

    private static final List<Deviation> DEVIATIONS = List.of(Deviation.of(
            "aClientThatPipelinesAndDoesNotReadIsHeldInBoundedMemoryAndClosed",
            "stops reading the flooding connection and holds its memory bounded, but never closes it within the"
                    + " idle timeout plus 3 s of the last request it took (\"never closed\"): IDLE_TIMEOUT does not"
                    + " cut a connection whose answers wait to be written",
            KitRule.PENDING_OUTPUT));

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(UndertowModel.NAME).withDeviations(DEVIATIONS));
    }
}
