package io.httpmodels.server.netty;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.NotRun;
import io.httpmodels.server.TlsConformanceKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The conformance kit over TLS for netty on each provider ({@link NettyModels#overTls()}). */
@Tag("slow")
class NettyTlsConformanceTest extends TlsConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.overTls();
    }

    @Override
    public Stream<NotRun> notRun() {
        return NettyModels.plaintextRowsLeftToThePlaintextKits();
    }
}
