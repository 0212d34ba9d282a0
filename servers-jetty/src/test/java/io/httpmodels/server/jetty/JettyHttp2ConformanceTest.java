package io.httpmodels.server.jetty;

import io.httpmodels.server.Http2ConformanceKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/**
 * Both Jetty models against the {@link Http2ConformanceKit}, through Jetty's own HTTP/2 over h2c. Every case is one
 * connection to a server started once per model, so the kit costs a few seconds and runs in {@code mvn verify}.
 * Where Jetty answers otherwise is on record ({@link JettyHttp2ConformanceDeviations}).
 */
class JettyHttp2ConformanceTest extends Http2ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return JettyModels.withDeviations(JettyHttp2ConformanceDeviations::of);
    }
}
