package io.httpmodels.harness.regress;

import io.httpmodels.harness.process.Command;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The base of a regression run, built from a git ref: the ref's tree exported with {@code git archive} into
 * {@code target/regress-base/<commit>/} and built there with {@code mvn package} (tests, formatting check,
 * enforcer and Error Prone's checks skipped: only the jars are wanted). A build of the same commit is reused;
 * builds of other commits are removed. {@code git archive} rather than {@code git worktree}: it registers nothing
 * in the repository's git directory, so nothing is left to prune if the run is killed.
 */
final class BaseBuild {

    /** The Maven command line: a package of the harness and what it needs, nothing checked. */
    static final List<String> MAVEN = List.of(
            "mvn",
            "-q",
            "-B",
            "-ntp",
            "-DskipTests",
            "-Denforcer.skip=true",
            "-Dspotless.check.skip=true",
            "-Dspotless.skip=true",
            "-Dmutation.skip=true",
            "-Derrorprone.flags=-XepDisableAllChecks",
            "-pl",
            "harness",
            "-am",
            "package");

    private static final Duration GIT_TIMEOUT = Duration.ofSeconds(60);
    private static final long BUILD_TIMEOUT_MINUTES = 15;
    private static final String BUILT_MARKER = ".regress-built";

    private BaseBuild() {}

    /** A built base: its commit and the harness jar to launch. */
    record Built(String ref, String commit, Path jar, boolean reused) {}

    /** Resolves {@code ref} to a commit in {@code root}'s repository, or fails with a message saying why. */
    static String resolve(Path root, String ref) throws BuildFailure {
        Command done = git(root, "rev-parse", "--verify", "--quiet", ref + "^{commit}");
        if (!done.succeeded() || done.output().isBlank()) {
            throw new BuildFailure("'" + ref + "' is not a commit in " + root + " (fetch it first?)");
        }
        return done.output().trim();
    }

    /**
     * Exports and builds {@code ref} unless a build of that commit is already there.
     *
     * @throws BuildFailure when the ref is unknown, the export fails or the build fails (its log is named)
     */
    static Built prepare(Path root, String ref, PrintWriter log) throws BuildFailure {
        String commit = resolve(root, ref);
        Path builds = root.resolve("target").resolve("regress-base");
        Path dir = builds.resolve(commit);
        Path jar = dir.resolve("harness/target/harness.jar");
        removeOthers(builds, commit);
        if (Files.isRegularFile(dir.resolve(BUILT_MARKER)) && Files.isRegularFile(jar)) {
            log.printf("base %s (%s): reusing the build in %s%n", ref, commit.substring(0, 12), dir);
            log.flush();
            return new Built(ref, commit, jar, true);
        }
        try {
            deleteTree(dir);
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new BuildFailure("cannot make " + dir + ": " + e.getMessage());
        }
        log.printf(
                "base %s (%s): exporting to %s and building (mvn package, checks skipped)...%n",
                ref, commit.substring(0, 12), dir);
        log.flush();
        // A pipe in bash with pipefail: git archive's failure is not hidden by tar's success.
        String export = "set -o pipefail; git -C " + quote(root) + " archive --format=tar " + commit + " | tar -x -C "
                + quote(dir);
        try {
            Command done = Command.run(List.of("bash", "-c", export), GIT_TIMEOUT);
            if (!done.succeeded()) {
                throw new BuildFailure(
                        "git archive of " + commit + " failed: " + done.output().trim());
            }
        } catch (IOException e) {
            throw new BuildFailure("git archive of " + commit + " failed: " + e.getMessage());
        }
        Path buildLog = dir.resolve("regress-build.log");
        long started = System.nanoTime();
        try {
            Process mvn = new ProcessBuilder(MAVEN)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(buildLog.toFile())
                    .start();
            if (!mvn.waitFor(BUILD_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                mvn.descendants().forEach(ProcessHandle::destroyForcibly);
                mvn.destroyForcibly();
                throw new BuildFailure(
                        "the base's build took over " + BUILD_TIMEOUT_MINUTES + " minutes; log: " + buildLog);
            }
            if (mvn.exitValue() != 0 || !Files.isRegularFile(jar)) {
                throw new BuildFailure("the base's build failed (exit " + mvn.exitValue() + "); log: " + buildLog);
            }
            Files.writeString(dir.resolve(BUILT_MARKER), commit + "\n");
        } catch (IOException e) {
            throw new BuildFailure("cannot run mvn for the base: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BuildFailure("interrupted while building the base");
        }
        log.printf("base built in %.0f s%n", (System.nanoTime() - started) / 1e9);
        log.flush();
        return new Built(ref, commit, jar, false);
    }

    /** The commit of HEAD and whether tracked files differ from it, for saying what the candidate is. */
    static String describeWorkingTree(Path root) {
        try {
            Command head = git(root, "rev-parse", "HEAD");
            if (!head.succeeded()) {
                return "the working tree (not a git checkout)";
            }
            Command status = git(root, "status", "--porcelain", "--untracked-files=no");
            String commit = head.output().trim();
            return "the working tree at " + commit.substring(0, Math.min(12, commit.length()))
                    + (status.succeeded() && !status.output().isBlank() ? " with uncommitted changes" : "");
        } catch (BuildFailure e) {
            return "the working tree";
        }
    }

    private static Command git(Path root, String... args) throws BuildFailure {
        List<String> command = new ArrayList<>(List.of("git", "-C", root.toString()));
        command.addAll(List.of(args));
        try {
            return Command.run(command, GIT_TIMEOUT);
        } catch (IOException e) {
            throw new BuildFailure("git: " + e.getMessage());
        }
    }

    private static void removeOthers(Path builds, String keep) {
        if (!Files.isDirectory(builds)) {
            return;
        }
        try (Stream<Path> dirs = Files.list(builds)) {
            for (Path d : dirs.toList()) {
                if (!d.getFileName().toString().equals(keep)) {
                    deleteTree(d);
                }
            }
        } catch (IOException e) {
            // An old build left behind costs disk, not correctness.
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static String quote(Path p) {
        return "'" + p.toString().replace("'", "'\\''") + "'";
    }

    /** The base could not be built; the message says why. */
    static final class BuildFailure extends Exception {
        BuildFailure(String message) {
            super(message);
        }
    }
}
