package io.httpmodels.server.netty;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.NotRun;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** Clients that get TLS wrong, against netty on each provider ({@link NettyModels#overTls()}). */
@Tag("slow")
class NettyTlsHostileTest extends TlsHostileKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.overTls();
    }

    @Override
    public Stream<NotRun> notRun() {
        return NettyModels.plaintextRowsLeftToThePlaintextKits();
    }
}
