package io.httpmodels.server.bio;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsConformanceKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The blocking models run the whole conformance kit over TLS: the same answers as in plaintext. */
@Tag("slow")
class BioTlsConformanceTest extends TlsConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return BioModels.all();
    }
}
