package io.httpmodels.harness.targets;

import io.httpmodels.server.HttpServerModel;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The models a build keeps off its own class path: a framework's module (Jetty, Tomcat, Undertow, Helidon,
 * Vert.x) and the framework's libraries, in a folder of their own under the build's {@value #DIRECTORY} folder
 * beside {@code harness.jar} (the {@code model-folders} module's assembly writes them, one folder a module). A JVM that
 * serves such a model runs with the harness's class path and that one folder ({@link #jarsOf}); no other model's
 * JVM, and not the harness's own, has a framework's libraries on its class path. One version of each library
 * holds across them all: {@code model-folders} depends on the harness and every framework module, so the
 * enforcer's convergence rule sees them together, and it leaves out of each folder what the harness's
 * {@code lib/} already has.
 *
 * <p>Which folder holds which model is read once a folder, in the JVM that chooses models (the harness's): each
 * folder's service registrations are loaded in a class loader of its own, whose models are kept to ask their names
 * and descriptions. A framework's own classes load only when a model's code reaches them. A folder's model started in
 * this JVM ({@code serve} by hand) starts and stops with its folder's loader as the thread's context class loader
 * ({@link FolderModel}), as in a JVM with the folder on its class path.
 */
public final class ModelFolders {

    /** The folder of model folders beside {@code harness.jar}. */
    public static final String DIRECTORY = "models";

    private static final Map<Path, ModelFolders> READ = new ConcurrentHashMap<>();

    private static final ModelFolders NONE = new ModelFolders(Map.of(), Map.of());

    private final Map<String, HttpServerModel> models;
    private final Map<String, List<Path>> jars;

    private ModelFolders(Map<String, HttpServerModel> models, Map<String, List<Path>> jars) {
        this.models = models;
        this.jars = jars;
    }

    /** A build without model folders (run from classes, as tests are: every model is on its class path). */
    public static ModelFolders none() {
        return NONE;
    }

    /**
     * The folders under {@code directory}, read once per JVM; none when it does not exist.
     *
     * @throws IllegalStateException if two folders register the same model name
     */
    public static ModelFolders in(Path directory) {
        if (directory == null || !Files.isDirectory(directory)) {
            return NONE;
        }
        return READ.computeIfAbsent(directory.toAbsolutePath().normalize(), ModelFolders::read);
    }

    private static ModelFolders read(Path directory) {
        Map<String, HttpServerModel> models = new LinkedHashMap<>();
        Map<String, List<Path>> jars = new LinkedHashMap<>();
        for (Path folder : sorted(directory, Files::isDirectory)) {
            List<Path> folderJars =
                    sorted(folder, p -> p.getFileName().toString().endsWith(".jar"));
            if (folderJars.isEmpty()) {
                continue;
            }
            // Kept open for the JVM's life: the models it loaded answer description() from it.
            URLClassLoader loader = new URLClassLoader(
                    "models/" + folder.getFileName(), urls(folderJars), ModelFolders.class.getClassLoader());
            ServiceLoader.load(HttpServerModel.class, loader).stream()
                    .filter(provider -> provider.type().getClassLoader() == loader)
                    .map(provider -> (HttpServerModel) new FolderModel(provider.get(), loader))
                    .forEach(model -> {
                        HttpServerModel previous = models.putIfAbsent(model.name(), model);
                        if (previous != null) {
                            throw new IllegalStateException("two model folders register '" + model.name() + "': "
                                    + jars.get(model.name()).get(0).getParent() + " and " + folder);
                        }
                        jars.put(model.name(), folderJars);
                    });
        }
        return new ModelFolders(Collections.unmodifiableMap(models), Map.copyOf(jars));
    }

    /**
     * The models of every folder by name, folder by folder, each loaded in its folder's class loader and started with
     * it as the context class loader.
     */
    public Map<String, HttpServerModel> models() {
        return models;
    }

    /** The jars to add to the class path of a JVM that serves {@code model}: its folder's, or none. */
    public Optional<List<Path>> jarsOf(String model) {
        return Optional.ofNullable(jars.get(model));
    }

    private static List<Path> sorted(Path dir, java.util.function.Predicate<Path> which) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(which).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static URL[] urls(List<Path> jars) {
        List<URL> urls = new ArrayList<>();
        for (Path jar : jars) {
            try {
                urls.add(jar.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalStateException("not a jar's path: " + jar, e);
            }
        }
        return urls.toArray(URL[]::new);
    }
}
