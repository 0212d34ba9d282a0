package io.httpmodels.server.undertow;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/** TODO */
final class UndertowDeadlineDeviations {

    private UndertowDeadlineDeviations() {}

    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        return List.copyOf(all);
    }
}
