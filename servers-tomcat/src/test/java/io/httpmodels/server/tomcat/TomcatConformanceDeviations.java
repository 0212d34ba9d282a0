package io.httpmodels.server.tomcat;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/** Where Tomcat 11.0.27 (embedded, NIO connector) answers the ConformanceKit differently, as the kit observed it. */
final class TomcatConformanceDeviations {

    private TomcatConformanceDeviations() {}

    /** The ConformanceKit's cases {@code model} fails. */
    static List<Deviation> of(String model) {
        List<Deviation> all = new ArrayList<>();
        return all;
    }
}
