package io.httpmodels.server.jdk;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsConformanceKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The conformance kit over TLS for both JDK models ({@code HttpsServer}), with the JDK's deviations on record
 * ({@link JdkDeviations}: the same as in plaintext). */
@Tag("slow")
class JdkTlsConformanceTest extends TlsConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return JdkModels.withDeviations(name -> JdkDeviations.all());
    }
}
