package io.httpmodels.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Finds the {@link HttpServerModel}s on the class path through {@link ServiceLoader}, by name. The CLI, the
 * harness and the benchmarks all go through here, so a model that registers itself is everywhere at once.
 */
public final class ServerModels {

    private ServerModels() {}

    /**
     * Every registered model, keyed and ordered by name as the service files list them.
     *
     * @throws IllegalStateException if two models claim the same name
     */
    public static Map<String, HttpServerModel> all() {
        Map<String, HttpServerModel> byName = new LinkedHashMap<>();
        for (HttpServerModel model : ServiceLoader.load(HttpServerModel.class)) {
            HttpServerModel previous = byName.putIfAbsent(model.name(), model);
            if (previous != null) {
                throw new IllegalStateException("two server models are named '" + model.name() + "': "
                        + previous.getClass().getName() + " and "
                        + model.getClass().getName());
            }
        }
        return byName;
    }

    /** The names of every registered model. */
    public static List<String> names() {
        return new ArrayList<>(all().keySet());
    }

    /**
     * The model registered under {@code name}.
     *
     * @throws UnknownModelException if there is none; its message lists the known names
     */
    public static HttpServerModel byName(String name) {
        Map<String, HttpServerModel> all = all();
        HttpServerModel model = all.get(name);
        if (model == null) {
            throw new UnknownModelException(name, new ArrayList<>(all.keySet()));
        }
        return model;
    }
}
