package io.httpmodels.harness.compare;

import io.httpmodels.harness.HttpModelsCli;
import io.httpmodels.harness.process.ChildServer;
import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.harness.results.TargetInfo;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a target for one cell. A model gets its own JVM — already pinned (taskset in front of java), on this
 * JVM's class path, told to exit with its parent so it cannot outlive the harness — running
 * {@code httpmodels serve MODEL --port 0}; the port it prints is the one measured.
 */
final class TargetLauncher {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

    private final Plan plan;

    TargetLauncher(Plan plan) {
        this.plan = plan;
    }

    RunningTarget start(TargetSpec target, Scenario scenario) throws StartFailure {
        return switch (target.kind()) {
            case TargetInfo.MODEL ->
                new ModelProcess(ChildServer.start(modelCommand(target.name(), scenario), START_TIMEOUT));
            case TargetInfo.NGINX ->
                NginxProcess.start(
                        plan.projectRoot(),
                        plan.pinning().enabled() ? plan.pinning().serverCpus().get(0) : null);
            default -> new ExternalServer(target.baseUrl());
        };
    }

    /** The command line of a model's JVM. */
    List<String> modelCommand(String model, Scenario scenario) {
        List<String> command = new ArrayList<>(plan.pinning().serverPrefix());
        command.add(javaBinary());
        command.addAll(plan.serverJvmFlags());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), HttpModelsCli.class.getName()));
        command.addAll(List.of(
                "serve",
                model,
                "--port",
                "0",
                "--work-ms",
                String.valueOf(scenario.workMillis()),
                "--exit-with-parent",
                String.valueOf(ProcessHandle.current().pid())));
        if (plan.serverThreads() > 0) {
            command.addAll(List.of("--threads", String.valueOf(plan.serverThreads())));
        }
        command.addAll(List.of("--transport", plan.transport()));
        if (scenario.headerTimeoutMillis() > 0) {
            // Only when asked for: a server without the option keeps its own default and still starts.
            command.addAll(List.of("--header-timeout", scenario.headerTimeoutMillis() + "ms"));
        }
        return command;
    }

    static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
