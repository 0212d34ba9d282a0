package io.httpmodels.server.bio;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.KitRule;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsConformanceKit;
import org.junit.jupiter.api.Tag;

import java.util.List;
import java.util.stream.Stream;

/**
 * The blocking models run the whole conformance kit over TLS: the same answers as in plaintext, but for one case
 * single-thread cannot set up. That case leaves, before {@code close()}, a served keep-alive connection, a silent one
 * and one with half a request. In plaintext the half request waits in the kernel's buffer; over TLS it cannot be
 * written before a handshake, which single-thread's one thread, held by the first connection, never takes, and the
 * kit's client times out. Recorded as a deviation of the kit's, so that the case still runs and must still fail.
 */
@Tag("slow")
class BioTlsConformanceTest extends TlsConformanceKit {

    private static final Deviation HALF_REQUEST_NEEDS_A_HANDSHAKE = Deviation.of(
            "closeEndsEveryConnectionAndThreadAndFreesThePort",
            "its one thread holds the first, kept-alive connection, so the third connection's handshake never runs"
                    + " and the kit cannot write its half request (5 s read timeout in the handshake); in plaintext"
                    + " the half request waits in the kernel's buffer and the case passes",
            KitRule.KIT_TLS_WRITE_AFTER_HANDSHAKE);

    @Override
    protected Stream<ModelUnderTest> models() {
        return BioModels.all()
                .map(model -> model.name().equals("single-thread")
                        ? model.withDeviations(List.of(HALF_REQUEST_NEEDS_A_HANDSHAKE))
                        : model);
    }
}
