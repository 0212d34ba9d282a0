package io.httpmodels.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.harness.process.ProjectRoot;
import io.httpmodels.harness.report.SampleResults;
import io.httpmodels.harness.results.ResultsJson;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * {@code bin/httpmodels}, the launcher users put on their PATH, run as they run it (through a symbolic link, by bash):
 * it finds a JDK, runs the harness, and {@code --help} and {@code report DIR} work. It runs in a copy of the project's
 * layout whose {@code harness/target/harness.jar} is a jar of this build's class path and which has no sources, so
 * the launcher finds nothing to build (the real build is the one running this test).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LauncherTest {

    @TempDir
    Path dir;

    private Path project;
    private Path onPath;

    @BeforeEach
    void aProjectLayout() throws IOException {
        Path root = ProjectRoot.find();
        project = dir.resolve("project");
        Files.createDirectories(project.resolve("bin"));
        Files.createDirectories(project.resolve("scripts/lib"));
        Files.createDirectories(project.resolve("harness/target"));
        Path launcher = Files.copy(root.resolve("bin/httpmodels"), project.resolve("bin/httpmodels"));
        assertTrue(launcher.toFile().setExecutable(true));
        Files.copy(root.resolve("scripts/lib/common.sh"), project.resolve("scripts/lib/common.sh"));
        classPathJar(project.resolve("harness/target/harness.jar"));
        // On the PATH through a link, as the README says: the launcher finds its project through it.
        Files.createDirectories(dir.resolve("path"));
        onPath = Files.createSymbolicLink(dir.resolve("path/httpmodels"), launcher);
    }

    @Test
    void helpListsTheCommands() throws Exception {
        Run run = httpmodels("--help");
        assertEquals(0, run.exit(), run.err());
        for (String command : List.of("serve", "load", "compare", "report", "regress", "history")) {
            assertTrue(run.out().contains("\n  " + command + " "), command + " missing:\n" + run.out());
        }
    }

    @Test
    void reportReRendersARunFromItsFolder() throws Exception {
        Path run = Files.createDirectories(dir.resolve("results/run"));
        ResultsJson.write(SampleResults.run(), run.resolve("results.json"));
        Run report = httpmodels("report", run.toString());
        assertEquals(0, report.exit(), report.err());
        assertTrue(Files.size(run.resolve("report.md")) > 0);
        assertTrue(Files.size(run.resolve("report.html")) > 0);
        assertTrue(report.out().contains("wrote " + run.resolve("report.html")), report.out());
    }

    @Test
    void aBadCommandIsAUsageError() throws Exception {
        assertEquals(2, httpmodels("no-such-command").exit());
    }

    private record Run(int exit, String out, String err) {}

    private Run httpmodels(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", onPath.toString()));
        command.addAll(List.of(args));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        // The JDK running this test, found as a user's would be: through JAVA_HOME.
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("HTTPMODELS_ROOT");
        Process p = pb.start();
        try {
            if (!p.waitFor(90, TimeUnit.SECONDS)) {
                throw new AssertionError("bin/httpmodels " + String.join(" ", args) + " did not end within 90 s");
            }
            return new Run(
                    p.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            p.destroyForcibly();
        }
    }

    /** A jar that holds nothing but a manifest: this build's class path and the harness's main class. */
    private static void classPathJar(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.put(Attributes.Name.MAIN_CLASS, HarnessJvm.MAIN_CLASS);
        List<String> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            urls.add(Path.of(entry).toUri().toString());
        }
        main.put(Attributes.Name.CLASS_PATH, String.join(" ", urls));
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.flush();
        }
    }
}
