package io.httpmodels.server;

import java.util.List;
import java.util.Optional;
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
 *
 * <p>A model the project does not write carries its {@link Deviation}s: the kit cases it answers differently from
 * the rule. {@link DocumentedDeviations} requires each still to fail; the project's own models carry none.
 */
public record ModelUnderTest(
        String name, UnaryOperator<ServerConfig> configure, String label, List<Deviation> deviations) {

    public ModelUnderTest {
        deviations = List.copyOf(deviations);
    }

    /** A model with no deviation. */
    public ModelUnderTest(String name, UnaryOperator<ServerConfig> configure, String label) {
        this(name, configure, label, List.of());
    }

    /** The model registered as {@code name}, with the kit's config unchanged. */
    public static ModelUnderTest named(String name) {
        return new ModelUnderTest(name, UnaryOperator.identity(), name);
    }

    /** The model registered as {@code name}, its config adjusted by {@code configure}, reported as {@code label}. */
    public static ModelUnderTest named(String name, UnaryOperator<ServerConfig> configure, String label) {
        return new ModelUnderTest(name, configure, label);
    }

    /** The same model, documented to answer the given cases differently (added to any it has). */
    public ModelUnderTest withDeviations(List<Deviation> more) {
        List<Deviation> all = new java.util.ArrayList<>(deviations);
        all.addAll(more);
        return new ModelUnderTest(name, configure, label, all);
    }

    /** The deviation documented for {@code method} invoked with {@code arguments}, if any. */
    public Optional<Deviation> deviationFor(String method, List<?> arguments) {
        return deviations.stream().filter(d -> d.concerns(method, arguments)).findFirst();
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
