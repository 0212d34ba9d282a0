package io.httpmodels.server.jetty;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsConformanceKit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.stream.Stream;

/**
 * The conformance kit over TLS for both Jetty models: the plaintext kit's deviations ({@link JettyConformanceDeviations})
 * hold as they are, since TLS changes nothing Jetty parses; the close case runs as in plaintext, left out
 * ({@link JettyCloseCase}).
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs): it pins down the behaviour of a server this project
// does not write, case by case; mvn verify keeps the models' smoke and threading tests.
@Tag("slow")
@ExtendWith(JettyCloseCase.class)
class JettyTlsConformanceTest extends TlsConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return JettyModels.withDeviations(JettyConformanceDeviations::of);
    }
}
