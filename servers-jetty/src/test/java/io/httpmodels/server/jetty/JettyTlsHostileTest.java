package io.httpmodels.server.jetty;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** Clients that get TLS wrong, against both Jetty models; see {@link JettyTlsHostileDeviations}. */
@Tag("slow")
class JettyTlsHostileTest extends TlsHostileKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return JettyModels.withDeviations(JettyTlsHostileDeviations::of);
    }
}
