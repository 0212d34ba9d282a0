package io.httpmodels.server;

import java.util.function.UnaryOperator;

/**
 * One entry of the conformance kit's parameter list: a registered model and how to adjust the kit's config for
 * it (a Netty transport, say). The label names the case in test reports.
 *
 * <pre>{@code
 * static Stream<ModelUnderTest> models() {
 *     return Stream.of(ModelUnderTest.named("single-thread"),
 *                      ModelUnderTest.named("netty", config -> config.withTransport("epoll"), "netty (epoll)"));
 * }
 * }</pre>
 */
public record ModelUnderTest(String name, UnaryOperator<ServerConfig> configure, String label) {

    /** The model registered as {@code name}, with the kit's config unchanged. */
    public static ModelUnderTest named(String name) {
        return new ModelUnderTest(name, UnaryOperator.identity(), name);
    }

    /** The model registered as {@code name}, its config adjusted by {@code configure}, reported as {@code label}. */
    public static ModelUnderTest named(String name, UnaryOperator<ServerConfig> configure, String label) {
        return new ModelUnderTest(name, configure, label);
    }

    /** The model itself, found through {@link ServerModels}. */
    public HttpServerModel model() {
        return ServerModels.byName(name);
    }

    @Override
    public String toString() {
        return label;
    }
}
