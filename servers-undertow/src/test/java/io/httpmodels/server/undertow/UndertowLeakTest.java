package io.httpmodels.server.undertow;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.KitRule;
import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.List;
import java.util.stream.Stream;

/**
 * The leak kit for the undertow model. The load (short connections, answered on the I/O threads) leaves no thread
 * or descriptor behind, but after the hostile pass the model has more threads than after the warm-up (23 against 20,
 * 2026-12-04): XNIO's worker pool starts its threads on demand, up to its fixed size (8 x the I/O threads) and keeps
 * them, and the warm-up's {@code GET /plaintext} never reaches it, while the hostile pass's {@code /echo} POSTs are
 * dispatched to it. A pool filling to its bound, not a leak; but the kit's case must count it, so it is a documented
 * deviation (the conformance kit's {@code closeEndsEveryConnectionAndThreadAndFreesThePort} checks that
 * {@code close()} ends every thread). In the slow set ({@code mvn verify -Pslow}).
 */
@Tag("slow")
class UndertowLeakTest extends LeakKit {

    private static final List<Deviation> DEVIATIONS = List.of(Deviation.of(
            "threadsAndDescriptorsComeBackAfterLoadAndHostileClients",
            "has more threads after the hostile pass than after the warm-up: the worker pool's threads, started on"
                    + " demand by the /echo POSTs dispatched to it (the warm-up's GETs are answered on the I/O"
                    + " threads) and kept, up to the pool's fixed size",
            KitRule.LEAK_AFTER_LOAD));

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(UndertowModel.NAME).withDeviations(DEVIATIONS));
    }
}
