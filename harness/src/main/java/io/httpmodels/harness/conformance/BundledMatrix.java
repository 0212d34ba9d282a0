package io.httpmodels.harness.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * The conformance matrix this build carries: {@code docs/conformance/conformance.json} as committed, bundled into
 * the harness jar at build time as the resource {@link #RESOURCE}. The reports show it for the models of a run.
 */
public final class BundledMatrix {

    /** Where the matrix is on the class path. */
    public static final String RESOURCE = "/conformance/conformance.json";

    private BundledMatrix() {}

    /** The bundled matrix, or empty when this build carries none (or one this harness cannot read). */
    public static Optional<ConformanceMatrix> load() {
        try (InputStream in = BundledMatrix.class.getResourceAsStream(RESOURCE)) {
            return in == null ? Optional.empty() : Optional.of(ConformanceJson.read(in));
        } catch (IOException | ConformanceException e) {
            return Optional.empty();
        }
    }
}
