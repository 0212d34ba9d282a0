package io.httpmodels.harness.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.process.ChildServer;
import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.server.HttpProtocol;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * A model kept in a folder of its own is found by name, loaded apart from the class path, and served by a JVM that
 * has that folder, and only that folder, beside the harness's class path. The folder's model is compiled here, so
 * it is on no class path but its folder's.
 */
class ModelFoldersTest {

    private static final String NAME = "folder-model";
    private static final String SOURCE = """
            package folder;

            public final class FolderModel implements io.httpmodels.server.HttpServerModel {
                public String name() { return "folder-model"; }
                public String description() { return "a model kept in a folder"; }
                public java.util.Set<io.httpmodels.server.HttpProtocol> protocols() {
                    return java.util.Set.of(
                            io.httpmodels.server.HttpProtocol.HTTP_1_1, io.httpmodels.server.HttpProtocol.H2C);
                }
                public io.httpmodels.server.RunningServer start(io.httpmodels.server.ServerConfig config)
                        throws java.io.IOException {
                    // As Helidon finds its HTTP/1.1 connection provider: through the context class loader.
                    boolean found = java.util.ServiceLoader.load(io.httpmodels.server.HttpServerModel.class).stream()
                            .anyMatch(provider -> provider.type().getName().equals("folder.FolderModel"));
                    if (!found) {
                        throw new java.io.IOException("the context class loader does not see the model's folder");
                    }
                    return io.httpmodels.server.ServerModels.byName("virtual-threads").start(config);
                }
            }
            """;

    @TempDir
    static Path dir;

    private static Path modelJar;

    @BeforeAll
    static void compileAModelIntoAJar() throws IOException {
        Path src = dir.resolve("src/folder/FolderModel.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, SOURCE);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(
                null,
                null,
                null,
                "-cp",
                System.getProperty("java.class.path"),
                "-d",
                classes.toString(),
                src.toString());
        assertEquals(0, status, "javac");
        modelJar = dir.resolve("build/models/servers-folder/servers-folder.jar");
        Files.createDirectories(modelJar.getParent());
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(modelJar))) {
            add(jar, "folder/FolderModel.class", Files.readAllBytes(classes.resolve("folder/FolderModel.class")));
            add(
                    jar,
                    "META-INF/services/" + HttpServerModel.class.getName(),
                    "folder.FolderModel\n".getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void add(JarOutputStream jar, String name, byte[] bytes) throws IOException {
        jar.putNextEntry(new JarEntry(name));
        jar.write(bytes);
        jar.closeEntry();
    }

    private static Path models() {
        return dir.resolve("build/models");
    }

    @Test
    void aFolderModelIsFoundByNameInAClassLoaderOfItsFolder() {
        ModelFolders folders = ModelFolders.in(models());
        assertEquals(List.of(NAME), List.copyOf(folders.models().keySet()));
        HttpServerModel model = folders.models().get(NAME);
        assertEquals("a model kept in a folder", model.description());
        assertEquals(Set.of(HttpProtocol.HTTP_1_1, HttpProtocol.H2C), model.protocols(), "what it declares it speaks");
        assertNotSame(
                getClass().getClassLoader(),
                ((FolderModel) model).model().getClass().getClassLoader());
        assertEquals(Optional.of(List.of(modelJar)), folders.jarsOf(NAME));
        assertEquals(Optional.empty(), folders.jarsOf("netty"), "a class-path model has no folder");
        assertSame(folders, ModelFolders.in(models()), "read once");
    }

    /**
     * Started in this JVM, as {@code serve} starts it by hand, a folder's model finds its folder through the context
     * class loader, as in a JVM with the folder on its class path, and the caller's loader is left as it was.
     */
    @Test
    void aFolderModelStartedInThisJvmFindsItsFolderThroughTheContextClassLoader() throws Exception {
        HttpServerModel model = ModelFolders.in(models()).models().get(NAME);
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        try (RunningServer server = model.start(ServerConfig.defaults().withPort(0))) {
            assertSame(before, Thread.currentThread().getContextClassLoader(), "the caller's loader, restored");
            assertServesPlaintext(server.port());
        }
        assertSame(before, Thread.currentThread().getContextClassLoader(), "the caller's loader, after the close");
    }

    @Test
    void noFolderMeansNoModels() {
        assertTrue(ModelFolders.in(dir.resolve("absent")).models().isEmpty());
        assertTrue(ModelFolders.in(null).models().isEmpty());
        assertTrue(ModelCatalog.foldersOf(HarnessJvm.current()).models().isEmpty(), "tests run from classes");
    }

    @Test
    void twoFoldersRegisteringOneNameAreRefused() throws IOException {
        Path twice = dir.resolve("twice/models");
        for (String folder : List.of("a", "b")) {
            Path copy = twice.resolve(folder).resolve("model.jar");
            Files.createDirectories(copy.getParent());
            Files.copy(modelJar, copy);
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ModelFolders.in(twice));
        assertTrue(e.getMessage().contains("'folder-model'"), e.getMessage());
    }

    @Test
    void aModelOnTheClassPathAndInAFolderIsRefused() {
        ModelFolders folders = ModelFolders.in(models());
        HttpServerModel same = folders.models().get(NAME);
        assertThrows(IllegalStateException.class, () -> ModelCatalog.of(Map.of(NAME, same), folders));
    }

    @Test
    void aBuildLaunchesAFolderModelWithItsFolderOnTheClassPathAndOthersAsBefore() {
        HarnessJvm build = HarnessJvm.jar(dir.resolve("build/harness.jar"), "a build");
        assertEquals(
                List.of("-cp", dir.resolve("build/harness.jar") + File.pathSeparator + modelJar, HarnessJvm.MAIN_CLASS),
                ModelCatalog.launchFor(build, NAME).launch());
        assertEquals(build, ModelCatalog.launchFor(build, "netty"));
        HarnessJvm fromClasses = new HarnessJvm(List.of("-cp", "a" + File.pathSeparator + "b", "Main"), "classes");
        assertEquals(
                List.of("-cp", "a" + File.pathSeparator + "b" + File.pathSeparator + modelJar, "Main"),
                fromClasses.withClassPath(List.of(modelJar)).launch());
        assertEquals(fromClasses, fromClasses.withClassPath(List.of()));
    }

    @Test
    void aJvmWithTheFolderServesItsModel() throws Exception {
        List<String> command = HarnessJvm.current()
                .withClassPath(List.of(modelJar))
                .command(List.of(), List.of("-Xmx64m"), List.of("serve", NAME, "--port", "0", "--control", "none"));
        try (ChildServer server = ChildServer.start(command, Duration.ofSeconds(30))) {
            assertServesPlaintext(server.port());
        }
    }

    private static void assertServesPlaintext(int port) throws IOException, InterruptedException {
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/plaintext"))
                            .timeout(Duration.ofSeconds(5))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            assertEquals("Hello, World!", response.body());
        }
    }
}
