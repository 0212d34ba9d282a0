package io.httpmodels.server.tio;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsConformanceKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The conformance kit over TLS for the tio model, t-io's own SSL in front of the same HTTP server: its plaintext
 * deviations ({@link TioDeviations}) carried as they are, the answers being t-io's HTTP parser's either way.
 */
@Tag("slow")
class TioTlsConformanceTest extends TlsConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named("tio").withDeviations(TioDeviations.all()));
    }
}
