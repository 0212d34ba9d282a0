package io.httpmodels.harness.targets;

import io.httpmodels.harness.process.ChildProcesses;
import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.load.HttpProtocol;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A {@link Peer} as a row, started and stopped through its script in {@code scripts/peers} (nginx with the
 * project's own config, one worker; a Go peer built offline), pinned with the servers. Each script starts its
 * server in the background, prints {@code HOST:PORT PID} and stops it by that pid, so a cleanup is registered for
 * the harness's shutdown hook meanwhile. A script that fails (Go not installed, say) is a {@link StartFailure}
 * whose message is the script's own: the row says why it did not start and the run goes on. Over TLS nginx also
 * serves its https server (with the run's {@link RunCertificate}), which is then the one measured; the Go peers
 * serve plain HTTP only.
 */
public final class PeerProcess implements RunningTarget {

    /** The most a peer's script may take to start or stop its server. */
    private static final Duration SCRIPT_BOUND = Duration.ofSeconds(20);

    /**
     * The most a peer's build may take: a Go peer on a fresh machine compiles Go's standard library and fasthttp,
     * about 5 s of a core on a quiet one, past {@link #SCRIPT_BOUND} on a busy one. Built before its start is timed.
     */
    private static final Duration BUILD_BOUND = Duration.ofMinutes(3);

    private final Peer peer;
    private final Path script;
    private final int port;
    private final String measuredUrl;
    private final long pid;
    private final Runnable cleanup;

    private PeerProcess(Peer peer, Path script, int port, String measuredUrl, long pid) {
        this.peer = peer;
        this.script = script;
        this.port = port;
        this.measuredUrl = measuredUrl;
        this.pid = pid;
        this.cleanup = this::stop;
        ChildProcesses.registerCleanup(cleanup);
    }

    /** Starts {@code peer} on a free loopback port, pinned to {@code cpu} when not null. */
    public static PeerProcess start(Peer peer, Path projectRoot, Integer cpu) throws StartFailure {
        return start(peer, projectRoot, cpu, null);
    }

    /**
     * Starts {@code peer} on a free loopback port, pinned to {@code cpu} when not null, and serving HTTPS with
     * {@code tls} on another free port when it is not null.
     *
     * @throws StartFailure also for TLS asked of a peer that has no https server (the Go peers)
     */
    public static PeerProcess start(Peer peer, Path projectRoot, Integer cpu, RunCertificate tls) throws StartFailure {
        return start(peer, projectRoot, cpu, tls, HttpProtocol.H1);
    }

    /**
     * {@link #start(Peer, Path, Integer, RunCertificate)} speaking {@code protocol}: nginx's measured port speaks
     * HTTP/2 with prior knowledge for h2c ({@code nginx.sh --h2c}), offers h2 by ALPN for h2 ({@code --h2}).
     *
     * @throws StartFailure also for HTTP/2 asked of a peer that does not speak it here (the Go peers)
     */
    public static PeerProcess start(Peer peer, Path projectRoot, Integer cpu, RunCertificate tls, HttpProtocol protocol)
            throws StartFailure {
        if (protocol.http2() && peer != Peer.NGINX) {
            throw new StartFailure(peer.label() + " speaks HTTP/1.1 only here");
        }
        if (tls != null && peer != Peer.NGINX) {
            throw new StartFailure(peer.label() + " serves plain HTTP only here: no https server to measure");
        }
        Path script = projectRoot.resolve("scripts/peers").resolve(peer.script());
        if (!Files.isExecutable(script)) {
            throw new StartFailure("no " + script + ": --with " + peer.label() + " needs the project's scripts");
        }
        if (peer.built()) {
            List<String> build = new ArrayList<>(List.of(script.toString(), "build"));
            build.addAll(peer.scriptArguments());
            ScriptRun.run(build, BUILD_BOUND);
        }
        int port = ScriptRun.freePort("a peer");
        List<String> command = scriptCommand(peer, script, "start", port);
        if (cpu != null) {
            command.addAll(List.of("--cpu", String.valueOf(cpu)));
        }
        String url = "http://127.0.0.1:" + port;
        if (protocol == HttpProtocol.H2C) {
            command.add("--h2c");
        }
        if (tls != null) {
            int httpsPort = ScriptRun.freePort("a peer");
            for (int tries = 0; httpsPort == port && tries < 10; tries++) {
                httpsPort = ScriptRun.freePort("a peer");
            }
            command.addAll(List.of(
                    "--https-port",
                    String.valueOf(httpsPort),
                    "--cert",
                    tls.certificate().toString(),
                    "--key",
                    tls.key().toString()));
            if (protocol == HttpProtocol.H2) {
                command.add("--h2");
            }
            url = "https://127.0.0.1:" + httpsPort;
        }
        return new PeerProcess(peer, script, port, url, pidOf(script, ScriptRun.run(command, SCRIPT_BOUND)));
    }

    /**
     * The pid in what a peer's script printed on start: its last line, {@code HOST:PORT PID}.
     *
     * @throws StartFailure when the last line is not of that form
     */
    static long pidOf(Path script, String out) throws StartFailure {
        String[] lines = out.trim().split("\\R");
        String[] words = lines[lines.length - 1].trim().split("\\s+");
        if (words.length == 2 && words[0].contains(":")) {
            try {
                long pid = Long.parseLong(words[1]);
                if (pid > 0) {
                    return pid;
                }
            } catch (NumberFormatException e) {
                // said below
            }
        }
        throw new StartFailure(script.getFileName() + " said '" + out.trim() + "', not 'HOST:PORT PID'");
    }

    @Override
    public String url(String route) {
        return measuredUrl + route;
    }

    @Override
    public Long pid() {
        return pid;
    }

    @Override
    public String running() {
        return peer == Peer.NGINX
                ? "nginx: 1 worker process (master pid " + pid + ")"
                : peer.label() + ": pid " + pid + environment("GOMAXPROCS");
    }

    @Override
    public Optional<String> death() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)
                ? Optional.empty()
                : Optional.of(peer.label() + " (pid " + pid + ") exited during the run");
    }

    @Override
    public void close() {
        ChildProcesses.unregisterCleanup(cleanup);
        stop();
    }

    private void stop() {
        try {
            ScriptRun.run(scriptCommand(peer, script, "stop", port), SCRIPT_BOUND);
        } catch (StartFailure e) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** {@code SCRIPT ACTION [PEER ARGUMENTS] --port PORT}, as every peer's script takes it. */
    private static List<String> scriptCommand(Peer peer, Path script, String action, int port) {
        List<String> command = new ArrayList<>(List.of(script.toString(), action));
        command.addAll(peer.scriptArguments());
        command.addAll(List.of("--port", String.valueOf(port)));
        return command;
    }

    /** {@code , NAME=value} from the process's environment, or "" when unset or unreadable. */
    private String environment(String name) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", String.valueOf(pid), "environ"));
            for (String entry : new String(raw, StandardCharsets.UTF_8).split("\0")) {
                if (entry.startsWith(name + "=")) {
                    return ", " + entry;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process is gone: nothing to add
        }
        return "";
    }
}
