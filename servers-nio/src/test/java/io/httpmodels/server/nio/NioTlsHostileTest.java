package io.httpmodels.server.nio;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The nio reactor against clients that get TLS wrong, with one event loop and with two. */
@Tag("slow")
class NioTlsHostileTest extends TlsHostileKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NioModels.underTest();
    }
}
