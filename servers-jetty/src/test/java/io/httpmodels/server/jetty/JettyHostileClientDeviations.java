package io.httpmodels.server.jetty;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/** Where Jetty 12.1 (as configured by the models) fails the HostileClient kit, as the kit observed it. */
final class JettyHostileClientDeviations {

    private JettyHostileClientDeviations() {}

    /** The kit's cases {@code model} fails. */
    static List<Deviation> of(String model) {
        List<Deviation> all = new ArrayList<>();
        return List.copyOf(all);
    }
}
