package io.httpmodels.server.helidon;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/** Where Helidon 4.5.0's webserver answers the HostileClientKit differently, as the kit observed it. */
final class HelidonHostileClientDeviations {

    private HelidonHostileClientDeviations() {}

    /** Every case Helidon answers differently, with what it does and the rule's words. */
    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        return List.copyOf(all);
    }
}
