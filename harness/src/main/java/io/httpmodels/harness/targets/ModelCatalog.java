package io.httpmodels.harness.targets;

import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.UnknownModelException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every model a build can serve: those on its class path (the hand-written models and the JDK's and t-io's, found
 * by {@link ServerModels}) and those in its {@link ModelFolders} (the frameworks, each kept to its own JVMs). The
 * commands that choose models ({@code compare}, {@code regress}, {@code overhead}, {@code serve --list}) ask here;
 * a model's own JVM finds its model on its class path.
 */
public final class ModelCatalog {

    private ModelCatalog() {}

    /** This build's models by name: the class path's first, in their registration order, then the folders'. */
    public static Map<String, HttpServerModel> all() {
        return of(ServerModels.all(), foldersOf(HarnessJvm.current()));
    }

    /**
     * The model named {@code name}.
     *
     * @throws UnknownModelException if this build has none; its message lists the known names
     */
    public static HttpServerModel byName(String name) {
        Map<String, HttpServerModel> all = all();
        HttpServerModel model = all.get(name);
        if (model == null) {
            throw new UnknownModelException(name, new ArrayList<>(all.keySet()));
        }
        return model;
    }

    /** The model folders of {@code build}: those beside its jar, none for a build run from classes. */
    public static ModelFolders foldersOf(HarnessJvm build) {
        Path jar = build.jar();
        return jar == null
                ? ModelFolders.none()
                : ModelFolders.in(jar.toAbsolutePath().resolveSibling(ModelFolders.DIRECTORY));
    }

    /** How {@code build} is launched to serve {@code model}: with the model's folder, if it has one. */
    public static HarnessJvm launchFor(HarnessJvm build, String model) {
        List<Path> jars = foldersOf(build).jarsOf(model).orElse(List.of());
        return build.withClassPath(jars);
    }

    static Map<String, HttpServerModel> of(Map<String, HttpServerModel> classPath, ModelFolders folders) {
        Map<String, HttpServerModel> all = new LinkedHashMap<>(classPath);
        folders.models().forEach((name, model) -> {
            if (all.putIfAbsent(name, model) != null) {
                throw new IllegalStateException("model '" + name + "' is both on the class path and in a model folder");
            }
        });
        return all;
    }
}
