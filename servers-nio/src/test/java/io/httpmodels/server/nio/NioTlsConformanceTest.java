package io.httpmodels.server.nio;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsConformanceKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The nio reactor runs the whole conformance kit over TLS, with one event loop and with two. */
@Tag("slow")
class NioTlsConformanceTest extends TlsConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NioModels.underTest();
    }
}
