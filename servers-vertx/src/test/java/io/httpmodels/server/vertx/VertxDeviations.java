package io.httpmodels.server.vertx;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/** TODO */
final class VertxDeviations {

    private VertxDeviations() {}

    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        return all;
    }
}
