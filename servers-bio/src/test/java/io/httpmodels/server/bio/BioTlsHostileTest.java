package io.httpmodels.server.bio;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** Clients that get TLS wrong, against the four blocking models. */
@Tag("slow")
class BioTlsHostileTest extends TlsHostileKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return BioModels.all();
    }
}
