package io.httpmodels.server.jdk;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsSmokeKit;

import java.util.stream.Stream;

/** The TLS smoke kit for both JDK models: the JDK's {@code HttpsServer} on their one listener, the JDK's TLS only. */
class JdkTlsTest extends TlsSmokeKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(
                ModelUnderTest.named(JdkHttpServerModel.NAME), ModelUnderTest.named(JdkHttpServerVirtualModel.NAME));
    }
}
