package io.httpmodels.harness.compare;

import io.httpmodels.harness.Version;
import io.httpmodels.harness.process.Command;
import io.httpmodels.harness.process.ProcFs;
import io.httpmodels.harness.results.Conditions;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Reads the conditions of a run off the machine, the JVM and the project's git checkout. */
public final class RunConditions {

    private RunConditions() {}

    /** The conditions {@code plan} runs under. */
    public static Conditions of(Plan plan, String command) {
        String cpu = ProcFs.cpuModel();
        int online = ProcFs.onlineCpus().isEmpty()
                ? Runtime.getRuntime().availableProcessors()
                : ProcFs.onlineCpus().size();
        String kernel = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        String jdk = System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version") + " ("
                + System.getProperty("java.vm.name") + ")";
        String commit = git(plan.projectRoot(), "rev-parse", "HEAD");
        String status =
                commit == null ? null : git(plan.projectRoot(), "status", "--porcelain", "--untracked-files=no");
        return new Conditions(
                cpu,
                online,
                kernel,
                jdk,
                plan.serverJvmFlags(),
                ManagementFactory.getRuntimeMXBean().getInputArguments(),
                plan.pinning().enabled()
                        ? io.httpmodels.harness.process.CpuList.format(
                                plan.pinning().serverCpus())
                        : null,
                plan.pinning().enabled()
                        ? io.httpmodels.harness.process.CpuList.format(
                                plan.pinning().clientCpus())
                        : null,
                plan.pinning().note(),
                Version.get(),
                commit,
                status == null ? null : !status.isBlank(),
                plan.profile(),
                plan.warmup().toNanos() / 1e9,
                plan.duration().toNanos() / 1e9,
                plan.repetitions(),
                plan.clientThreads(),
                plan.timeout().toNanos() / 1e9,
                plan.clientBoundAt(),
                command);
    }

    /** A git command's trimmed output in {@code dir}, or null when git or the checkout is missing. */
    private static String git(Path dir, String... args) {
        if (dir == null || !Files.isDirectory(dir.resolve(".git")) && !Files.isRegularFile(dir.resolve(".git"))) {
            return null;
        }
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            Command done = Command.run(command, Duration.ofSeconds(10));
            return done.succeeded() ? done.output().trim() : null;
        } catch (IOException e) {
            return null;
        }
    }
}
