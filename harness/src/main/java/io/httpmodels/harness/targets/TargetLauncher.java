package io.httpmodels.harness.targets;

import io.httpmodels.harness.control.ControlProtocol;
import io.httpmodels.harness.process.ChildServer;
import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.results.Scenario;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts what is measured, for {@code compare} and {@code regress} alike. A model gets its own JVM — already
 * pinned (taskset in front of java, so it sizes its pools for the cores it has), told to exit with its parent so
 * it cannot outlive the harness — running {@code httpmodels serve MODEL --port 0}; the port it prints is the one
 * measured, and its control channel is on ({@code HTTPMODELS_CONTROL=stdin}, which an older build ignores). A
 * {@link Peer} (nginx, Go) is started from {@code scripts/peers} on the servers' first CPU; an external server is
 * only looked up.
 */
public final class TargetLauncher {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

    /**
     * Flags of every model's JVM before the run's own: native access for the harness's code (its control channel
     * calls getrusage through the FFM API; Netty's native transports load JNI libraries), which JDK 24+ otherwise
     * warns about on standard error.
     */
    static final List<String> LAUNCHER_FLAGS = List.of("--enable-native-access=ALL-UNNAMED");

    private final Pinning pinning;
    private final Path projectRoot;

    /**
     * @param pinning     the servers' CPUs
     * @param projectRoot the project's folder, for {@code scripts/peers}
     */
    public TargetLauncher(Pinning pinning, Path projectRoot) {
        this.pinning = pinning;
        this.projectRoot = projectRoot;
    }

    /**
     * Starts {@code target} for a scenario: a model in a JVM as {@code jvm} says, with the scenario's work and
     * header deadline.
     *
     * @throws StartFailure when it does not come up; the message says why
     */
    public RunningTarget start(TargetSpec target, ModelJvm jvm, Scenario scenario) throws StartFailure {
        return switch (target.kind()) {
            case MODEL ->
                new ModelProcess(ChildServer.start(
                        modelCommand(target.name(), jvm, scenario),
                        Map.of(ControlProtocol.ENVIRONMENT, ControlProtocol.STDIN),
                        START_TIMEOUT));
            case NGINX, PEER ->
                PeerProcess.start(
                        Peer.of(target.name()),
                        projectRoot,
                        pinning.enabled() ? pinning.serverCpus().get(0) : null);
            case EXTERNAL -> new ExternalServer(target.baseUrl());
            case MERGED, AGENT -> throw new StartFailure(target.kind() + " is not a server to start");
        };
    }

    /**
     * The command line of a model's JVM: pinned, {@code jvm}'s flags and build (with the model's folder on its class
     * path when the build keeps it in one: {@link ModelFolders}), {@code serve} and its flags.
     */
    public List<String> modelCommand(String model, ModelJvm jvm, Scenario scenario) {
        List<String> serve = new ArrayList<>(List.of(
                "serve",
                model,
                "--port",
                "0",
                "--work-ms",
                String.valueOf(scenario.workMillis()),
                "--exit-with-parent",
                String.valueOf(ProcessHandle.current().pid())));
        if (jvm.threads() > 0) {
            serve.addAll(List.of("--threads", String.valueOf(jvm.threads())));
        }
        if (!ModelJvm.AUTO_TRANSPORT.equals(jvm.transport())) {
            serve.addAll(List.of("--transport", jvm.transport()));
        }
        if (scenario.headerTimeoutMillis() > 0) {
            // Only when asked for: a server without the option keeps its own default and still starts.
            serve.addAll(List.of("--header-timeout", scenario.headerTimeoutMillis() + "ms"));
        }
        List<String> flags = new ArrayList<>(LAUNCHER_FLAGS);
        flags.addAll(jvm.jvmFlags());
        return ModelCatalog.launchFor(jvm.build(), model).command(pinning.serverPrefix(), flags, serve);
    }
}
