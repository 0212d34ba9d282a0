package io.httpmodels.harness.measure;

import io.httpmodels.harness.Version;
import io.httpmodels.harness.process.Command;
import io.httpmodels.harness.process.CpuList;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.process.ProcFs;
import io.httpmodels.harness.results.Build;
import io.httpmodels.harness.results.ClientSettings;
import io.httpmodels.harness.results.Conditions;
import io.httpmodels.harness.results.CpuPlacement;
import io.httpmodels.harness.results.Host;
import io.httpmodels.harness.results.Jvms;
import io.httpmodels.harness.results.Schedule;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Reads the conditions of a run off the machine, the JVM and the project's git checkout. */
public final class RunConditions {

    private RunConditions() {}

    /**
     * The conditions a run measures under.
     *
     * @param profile        the named profile ({@code regress} for the gate)
     * @param settings       what holds for every cell
     * @param duration       recorded duration of every cell (of every window, in {@code regress})
     * @param repetitions    forks of each cell (rounds, in {@code regress})
     * @param windows        windows recorded per fork (per round, in {@code regress})
     * @param serverJvmFlags flags of every model's JVM
     * @param projectRoot    the checkout, for its commit
     * @param command        the command line
     */
    public static Conditions of(
            String profile,
            MeasureSettings settings,
            Duration duration,
            int repetitions,
            int windows,
            List<String> serverJvmFlags,
            Pinning pinning,
            Path projectRoot,
            String command) {
        String cpu = ProcFs.cpuModel();
        int online = ProcFs.onlineCpus().isEmpty()
                ? Runtime.getRuntime().availableProcessors()
                : ProcFs.onlineCpus().size();
        String kernel = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        String jdk = System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version") + " ("
                + System.getProperty("java.vm.name") + ")";
        String commit = git(projectRoot, "rev-parse", "HEAD");
        String status = commit == null ? null : git(projectRoot, "status", "--porcelain", "--untracked-files=no");
        return new Conditions(
                new Host(cpu, online, kernel, ProcFs.loadAverage()),
                new Jvms(
                        jdk,
                        serverJvmFlags,
                        ManagementFactory.getRuntimeMXBean().getInputArguments()),
                new CpuPlacement(
                        pinning.enabled() ? CpuList.format(pinning.serverCpus()) : null,
                        pinning.enabled() ? CpuList.format(pinning.clientCpus()) : null,
                        pinning.note()),
                new Build(Version.get(), commit, status == null ? null : !status.isBlank()),
                new Schedule(
                        profile,
                        settings.warmup().minimum().toNanos() / 1e9,
                        settings.warmup().maximum().toNanos() / 1e9,
                        duration.toNanos() / 1e9,
                        repetitions,
                        windows),
                new ClientSettings(
                        settings.clientThreads(), settings.timeout().toNanos() / 1e9, settings.clientBoundAt()),
                command,
                null);
    }

    /** A git command's trimmed output in {@code dir}, or null when git or the checkout is missing. */
    /** The commit checked out in {@code dir}, or null outside a git checkout. */
    public static String commitOf(Path dir) {
        return git(dir, "rev-parse", "HEAD");
    }

    private static String git(Path dir, String... args) {
        if (dir == null || !Files.isDirectory(dir.resolve(".git")) && !Files.isRegularFile(dir.resolve(".git"))) {
            return null;
        }
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            Command done = Command.run(command, Duration.ofSeconds(10));
            return done.succeeded() ? done.output().trim() : null;
        } catch (IOException e) {
            return null;
        }
    }
}
