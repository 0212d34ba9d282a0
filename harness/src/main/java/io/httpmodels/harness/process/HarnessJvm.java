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

    /**
     * The jar this build runs from ({@code -jar JAR}), or null for a build run from a class path (tests, an IDE).
     */
    public Path jar() {
        return launch.get(0).equals("-jar") ? Path.of(launch.get(1)) : null;
    }

    /**
     * The same build with {@code jars} after its class path: {@code -jar JAR} becomes {@code -cp JAR:jars MAIN}
     * (the jar's manifest still brings its {@code lib/}).
     */
    public HarnessJvm withClassPath(List<Path> jars) {
        if (jars.isEmpty()) {
            return this;
        }
        // -jar JAR or -cp PATH MAIN: either way the second word is where the build's classes are.
        List<String> path = new ArrayList<>(List.of(launch.get(1)));
        jars.forEach(j -> path.add(j.toAbsolutePath().toString()));
        List<String> rest = jar() != null ? List.of(MAIN_CLASS) : launch.subList(2, launch.size());
        List<String> relaunch = new ArrayList<>(List.of("-cp", String.join(File.pathSeparator, path)));
        relaunch.addAll(rest);
        return new HarnessJvm(relaunch, description);
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
