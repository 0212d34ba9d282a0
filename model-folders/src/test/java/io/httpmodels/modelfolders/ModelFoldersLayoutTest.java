package io.httpmodels.modelfolders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.modelfolders.ArchitectureTest.Framework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What this module's assembly wrote beside the harness's jar: a folder per framework module with that module's jar,
 * and no library the harness's own {@code lib/} already has, so a framework's JVM sees one copy of each library and
 * every other JVM sees no framework jar.
 */
class ModelFoldersLayoutTest {

    private static final Path HARNESS_TARGET = Path.of(System.getProperty("httpmodels.harness.target", "."));

    @ParameterizedTest
    @EnumSource(Framework.class)
    void eachFrameworkHasAFolderWithItsJar(Framework framework) throws IOException {
        Set<String> jars = jarsIn(HARNESS_TARGET.resolve("models").resolve(framework.directory));
        assertTrue(
                jars.stream().anyMatch(jar -> jar.startsWith(framework.directory + "-")),
                framework.directory + "'s folder has its jar: " + jars);
    }

    @ParameterizedTest
    @EnumSource(Framework.class)
    void noFolderRepeatsALibraryOfTheHarnessClassPath(Framework framework) throws IOException {
        Set<String> folder = jarsIn(HARNESS_TARGET.resolve("models").resolve(framework.directory));
        Set<String> repeated = new TreeSet<>(folder);
        repeated.retainAll(jarsIn(HARNESS_TARGET.resolve("lib")));
        assertEquals(Set.of(), repeated, framework.directory + "'s folder and harness/target/lib both have");
    }

    @Test
    void theHarnessClassPathHasNoFrameworkJar() throws IOException {
        Set<String> lib = jarsIn(HARNESS_TARGET.resolve("lib"));
        for (Framework framework : Framework.values()) {
            assertTrue(
                    lib.stream().noneMatch(jar -> jar.startsWith(framework.directory + "-")),
                    framework.directory + " in harness/target/lib: " + lib);
        }
    }

    private static Set<String> jarsIn(Path folder) throws IOException {
        assertTrue(Files.isDirectory(folder), "a folder: " + folder.toAbsolutePath());
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".jar"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
