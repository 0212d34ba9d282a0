package io.httpmodels.harness.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How to start a JVM that runs a build of this harness: what follows {@code java} and the JVM flags,
 * {@code -jar JAR} or {@code -cp PATH MAIN}. Model JVMs, the base and candidate builds of {@code regress} and the
 * pinned relaunch of the harness itself all start this way, so they differ only where they are meant to.
 *
 * @param launch      the arguments after the JVM flags: {@code -jar JAR} or {@code -cp PATH MAIN}
 * @param description the build in words, for reports
 */
public record HarnessJvm(List<String> launch, String description) {

    /**
     * The harness's main class, by name: code that starts a harness JVM needs only its name, and importing the
     * command-line class back from the commands it lists would make a cycle.
     */
    public static final String MAIN_CLASS = "io.httpmodels.harness.HttpModelsCli";

    public HarnessJvm {
        launch = List.copyOf(launch);
        if (launch.isEmpty()) {
            throw new IllegalArgumentException("a harness JVM needs -jar JAR or -cp PATH MAIN");
        }
    }

    /**
     * This JVM's own build. Run from one jar ({@code java -jar harness.jar}, as the scripts do), {@code -jar} with
     * that jar, the same way a prebuilt base is launched; else (tests, an IDE) by class path.
     */
    public static HarnessJvm current() {
        String classPath = System.getProperty("java.class.path");
        if (!classPath.contains(File.pathSeparator)
                && classPath.endsWith(".jar")
                && Files.isRegularFile(Path.of(classPath))) {
            return new HarnessJvm(
                    List.of("-jar", Path.of(classPath).toAbsolutePath().toString()), "this build");
        }
        return new HarnessJvm(List.of("-cp", classPath, MAIN_CLASS), "this build");
    }

    /** A prebuilt {@code harness.jar} (its {@code lib/} beside it). */
    public static HarnessJvm jar(Path jar, String description) {
        return new HarnessJvm(List.of("-jar", jar.toAbsolutePath().toString()), description);
    }

    /** The java binary of this JVM, which every child runs on. */
    public static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** {@code prefix java jvmFlags launch args}: a whole command line. */
    public List<String> command(List<String> prefix, List<String> jvmFlags, List<String> args) {
        List<String> command = new ArrayList<>(prefix);
        command.add(javaBinary());
        command.addAll(jvmFlags);
        command.addAll(launch);
        command.addAll(args);
        return command;
    }
}
