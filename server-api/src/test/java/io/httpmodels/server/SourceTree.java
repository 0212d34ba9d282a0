package io.httpmodels.server;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What a module's source tree declares, for the architecture tests of the modules above this one (harness,
 * model-folders, bench-jmh): each holds the classes it imported against the sources, so that no rule passes because
 * a class was never imported. Shipped in this module's test-jar. Stateless.
 */
public final class SourceTree {

    private SourceTree() {}

    /**
     * The top-level class names a source tree declares: one per file, by this project's style; none when the
     * folder does not exist.
     *
     * @param sources a {@code src/main/java} folder
     */
    public static Set<String> topLevelClassesIn(Path sources) throws IOException {
        Set<String> names = new TreeSet<>();
        if (!Files.isDirectory(sources)) {
            return names;
        }
        try (Stream<Path> files = Files.walk(sources)) {
            files.filter(file -> file.toString().endsWith(".java"))
                    .map(file -> sources.relativize(file).toString())
                    .filter(file -> !file.endsWith("package-info.java") && !file.endsWith("module-info.java"))
                    .map(file ->
                            file.substring(0, file.length() - ".java".length()).replace(File.separatorChar, '.'))
                    .forEach(names::add);
        }
        return names;
    }
}
