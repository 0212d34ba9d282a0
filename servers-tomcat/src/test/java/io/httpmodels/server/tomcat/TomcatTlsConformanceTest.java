package io.httpmodels.server.tomcat;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsConformanceKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The conformance kit over TLS for both Tomcat models: the plaintext kit's deviations
 * ({@link TomcatConformanceDeviations}) hold as they are, since TLS changes nothing Tomcat parses.
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the plaintext kit.
@Tag("slow")
class TomcatTlsConformanceTest extends TlsConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return TomcatModels.withDeviations(TomcatConformanceDeviations::of);
    }
}
