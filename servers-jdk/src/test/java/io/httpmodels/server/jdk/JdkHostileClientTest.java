package io.httpmodels.server.jdk;

import io.httpmodels.server.HostileClientKit;
import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/**
 * The hostile-client kit for both JDK models, the cases they fail on record ({@link JdkHostileClientDeviations}).
 * {@code jdk-httpserver} is not declared to serve one connection at a time: its one dispatcher thread is held only
 * while it reads a request or runs the handler, and between exchanges it serves every connection, so the kit's
 * stricter check (a bystander answered while the hostile connection is open) applies, and holds but for one case.
 */
class JdkHostileClientTest extends HostileClientKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return JdkModels.withDeviations(JdkHostileClientDeviations::of);
    }
}
