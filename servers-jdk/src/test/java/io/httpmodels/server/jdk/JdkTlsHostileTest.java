package io.httpmodels.server.jdk;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** Clients that get TLS wrong, against both JDK models ({@code HttpsServer}); see {@link JdkTlsHostileDeviations}. */
@Tag("slow")
class JdkTlsHostileTest extends TlsHostileKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return JdkModels.withDeviations(JdkTlsHostileDeviations::of);
    }
}
