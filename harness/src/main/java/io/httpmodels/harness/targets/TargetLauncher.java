package io.httpmodels.harness.targets;

import io.httpmodels.harness.control.ControlProtocol;
import io.httpmodels.harness.process.ChildServer;
import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.load.cli.OldSpellings;
import io.httpmodels.server.db.DatabaseSettings;
import io.httpmodels.server.tls.TlsProvider;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Starts what is measured, for {@code compare} and {@code regress} alike. A model gets its own JVM — already
 * pinned (taskset in front of java, so it sizes its pools for the cores it has), told to exit with its parent so
 * it cannot outlive the harness — running {@code httpmodels serve MODEL --port 0}; the port it prints is the one
 * measured, and its control channel is on ({@code HTTPMODELS_CONTROL=stdin}, which an older build ignores). A
 * {@link Peer} (nginx, Go) is started from {@code scripts/peers} on the servers' first CPU; an external server is
 * only looked up. For a TLS scenario every server is started over HTTPS with the run's one {@link RunCertificate},
 * made when the first one starts: a model with {@code serve --tls --cert --key}, nginx with its https server. For an
 * HTTP/2 scenario a model is started with {@code serve --h2c} (or {@code --tls --h2}), nginx with
 * {@code nginx.sh --h2c} (or {@code --h2}).
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
    private final Path certificateFolder;
    private final Optional<DatabaseSettings> database;
    private RunCertificate certificate;

    /**
     * A launcher whose TLS certificate, if a TLS scenario asks for one, goes to a temporary folder.
     *
     * @param pinning     the servers' CPUs
     * @param projectRoot the project's folder, for {@code scripts/peers}
     */
    public TargetLauncher(Pinning pinning, Path projectRoot) {
        this(pinning, projectRoot, null);
    }

    /**
     * @param pinning           the servers' CPUs
     * @param projectRoot       the project's folder, for {@code scripts/peers}
     * @param certificateFolder where the run's certificate is written when a TLS scenario first asks for it (the
     *                          run's results folder's {@code tls/}); null for a temporary folder
     */
    public TargetLauncher(Pinning pinning, Path projectRoot, Path certificateFolder) {
        this(pinning, projectRoot, certificateFolder, Optional.empty());
    }

    /**
     * {@link #TargetLauncher(Pinning, Path, Path)} whose models' database routes query {@code database}.
     *
     * @param database the PostgreSQL every model of the run queries, or empty for none
     */
    public TargetLauncher(
            Pinning pinning, Path projectRoot, Path certificateFolder, Optional<DatabaseSettings> database) {
        this.pinning = pinning;
        this.projectRoot = projectRoot;
        this.certificateFolder = certificateFolder;
        this.database = database;
    }

    /**
     * Starts {@code target} for a scenario: a model in a JVM as {@code jvm} says, with the scenario's work and
     * header deadline.
     *
     * @throws StartFailure when it does not come up; the message says why
     */
    public RunningTarget start(TargetSpec target, ModelJvm jvm, Scenario scenario) throws StartFailure {
        RunCertificate tls = scenario.isTls() ? certificate() : null;
        return switch (target.kind()) {
            case MODEL ->
                new ModelProcess(ChildServer.start(
                        modelCommand(target.name(), jvm, scenario, tls),
                        Map.of(ControlProtocol.ENVIRONMENT, ControlProtocol.STDIN, OldSpellings.SAID_ENV, "1"),
                        START_TIMEOUT));
            case NGINX, PEER ->
                PeerProcess.start(
                        Peer.of(target.name()),
                        projectRoot,
                        pinning.enabled() ? pinning.serverCpus().get(0) : null,
                        tls,
                        scenario.protocol());
            case EXTERNAL -> {
                if (scenario.protocol().http2()) {
                    throw new StartFailure("an external server (--target) is measured over HTTP/1.1 only");
                }
                if (tls != null) {
                    throw new StartFailure(
                            "an external server (--target) is measured over http only, not in a TLS " + "scenario");
                }
                yield new ExternalServer(target.baseUrl());
            }
            case MERGED, AGENT -> throw new StartFailure(target.kind() + " is not a server to start");
        };
    }

    /**
     * The command line of a model's JVM: pinned, {@code jvm}'s flags and build (with the model's folder on its class
     * path when the build keeps it in one: {@link ModelFolders}), {@code serve} and its flags.
     */
    public List<String> modelCommand(String model, ModelJvm jvm, Scenario scenario) {
        return modelCommand(model, jvm, scenario, null);
    }

    /**
     * {@link #modelCommand(String, ModelJvm, Scenario)}, serving HTTPS with {@code tls} when it is not null. The flags
     * are serve's old spellings ({@code --work-ms}, {@code --threads}, {@code --transport}) for one more release: a
     * regress base may be a build from before their new ones, and both builds take them (the newer quietly: the model
     * JVM starts with {@link OldSpellings#SAID_ENV} set).
     */
    List<String> modelCommand(String model, ModelJvm jvm, Scenario scenario, RunCertificate tls) {
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
        if (scenario.crowd().headerTimeoutMillis() > 0) {
            // Only when asked for: a server without the option keeps its own default and still starts.
            serve.addAll(List.of("--header-timeout", scenario.crowd().headerTimeoutMillis() + "ms"));
        }
        if (tls != null) {
            serve.addAll(List.of(
                    "--tls",
                    "--cert",
                    tls.certificate().toString(),
                    "--key",
                    tls.key().toString()));
            if (jvm.tlsProvider() != TlsProvider.JDK) {
                serve.addAll(List.of("--tls-provider", jvm.tlsProvider().id()));
            }
        }
        // HTTP/2 only when the scenario speaks it: a model that speaks HTTP/1.1 only refuses both flags.
        switch (scenario.protocol()) {
            case H2C -> serve.add("--h2c");
            case H2 -> serve.add("--h2");
            case H1 -> {}
        }
        database.ifPresent(db -> {
            serve.addAll(List.of("--db-url", db.jdbcUrl(), "--db-user", db.user(), "--db-password", db.password()));
            if (db.poolSize() > 0) {
                serve.addAll(List.of("--db-pool", String.valueOf(db.poolSize())));
            }
        });
        List<String> flags = new ArrayList<>(LAUNCHER_FLAGS);
        flags.addAll(jvm.jvmFlags());
        return ModelCatalog.launchFor(jvm.build(), model).command(pinning.serverPrefix(), flags, serve);
    }

    /** The run's certificate, made and written the first time a TLS scenario asks. */
    private synchronized RunCertificate certificate() throws StartFailure {
        if (certificate == null) {
            try {
                Path folder =
                        certificateFolder != null ? certificateFolder : Files.createTempDirectory("httpmodels-tls-");
                certificate = RunCertificate.make(folder);
            } catch (IOException e) {
                throw new StartFailure("cannot make the run's TLS certificate: " + e.getMessage());
            }
        }
        return certificate;
    }
}
