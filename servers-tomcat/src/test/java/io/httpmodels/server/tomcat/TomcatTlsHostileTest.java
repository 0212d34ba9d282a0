package io.httpmodels.server.tomcat;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** Clients that get TLS wrong, against both Tomcat models; see {@link TomcatTlsHostileDeviations}. */
@Tag("slow")
class TomcatTlsHostileTest extends TlsHostileKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return TomcatModels.withDeviations(TomcatTlsHostileDeviations::of);
    }
}
