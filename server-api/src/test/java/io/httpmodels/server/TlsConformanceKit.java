package io.httpmodels.server;

import org.junit.jupiter.api.BeforeAll;

import java.io.IOException;

/**
 * The whole {@link ConformanceKit} once more, over TLS: every case on a connection encrypted with
 * {@link KitTransport#certificate()}, the JDK's HttpClient and curl over https. A model must give the same answers
 * as in plaintext; where it cannot, its deviations are recorded under this kit, apart from the plaintext ones. A
 * module runs it for its models as it runs the plaintext kit:
 *
 * <pre>{@code
 * class BioTlsConformanceTest extends TlsConformanceKit {
 *     @Override
 *     protected Stream<ModelUnderTest> models() {
 *         return Stream.of(ModelUnderTest.named("thread-per-connection"));
 *     }
 * }
 * }</pre>
 */
public abstract class TlsConformanceKit extends ConformanceKit {

    /** See {@link KitTransport#warmUp}. */
    @BeforeAll
    void warmTheTlsPathOfThisJvm() throws IOException {
        KitTransport.warmUp(models());
    }

    @Override
    protected final KitTransport transport() {
        return KitTransport.TLS;
    }
}
