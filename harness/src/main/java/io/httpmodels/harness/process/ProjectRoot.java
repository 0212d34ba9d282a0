package io.httpmodels.harness.process;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the project lives: scripts/peers for nginx, git for the commit and base builds, results/ for output. */
public final class ProjectRoot {

    /** Overrides the search (the scripts set it). */
    public static final String ENV = "HTTPMODELS_ROOT";

    private ProjectRoot() {}

    /**
     * The project's folder: {@value #ENV} when set, else the nearest folder above this code that holds the parent
     * pom and scripts/, else the working directory.
     */
    public static Path find() {
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            return Path.of(env).toAbsolutePath();
        }
        try {
            Path here = Path.of(ProjectRoot.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            for (Path dir = here; dir != null; dir = dir.getParent()) {
                if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("scripts"))) {
                    return dir;
                }
            }
        } catch (URISyntaxException | RuntimeException e) {
            // No code source to go by: the working directory below.
        }
        return Path.of("").toAbsolutePath();
    }
}
