package io.httpmodels.harness.targets;

import io.httpmodels.harness.process.ChildProcesses;
import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.harness.process.Command;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * nginx as a reference row, started and stopped through {@code scripts/peers/nginx.sh} (the project's own
 * config: one worker, {@code /plaintext} only, pinned with the servers). nginx daemonises, so it is stopped by
 * the script, and a cleanup is registered for the harness's shutdown hook meanwhile.
 */
public final class NginxProcess implements RunningTarget {

    private final Path script;
    private final int port;
    private final long pid;
    private final Runnable cleanup;

    private NginxProcess(Path script, int port, long pid) {
        this.script = script;
        this.port = port;
        this.pid = pid;
        this.cleanup = this::stop;
        ChildProcesses.registerCleanup(cleanup);
    }

    /** Starts nginx on a free loopback port, pinned to {@code cpu} when not null. */
    public static NginxProcess start(Path projectRoot, Integer cpu) throws StartFailure {
        Path script = projectRoot.resolve("scripts/peers/nginx.sh");
        if (!Files.isExecutable(script)) {
            throw new StartFailure("no " + script + ": --with nginx needs the project's scripts");
        }
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(script.toString(), "start", "--port", String.valueOf(port)));
        if (cpu != null) {
            command.addAll(List.of("--cpu", String.valueOf(cpu)));
        }
        String out = run(command);
        String[] words = out.trim().split("\\s+");
        try {
            return new NginxProcess(script, port, Long.parseLong(words[words.length - 1]));
        } catch (NumberFormatException e) {
            throw new StartFailure("nginx.sh said '" + out.trim() + "', not 'HOST:PORT PID'");
        }
    }

    @Override
    public String url(String route) {
        return "http://127.0.0.1:" + port + route;
    }

    @Override
    public Long pid() {
        return pid;
    }

    @Override
    public String running() {
        return "nginx: 1 worker process (master pid " + pid + ")";
    }

    @Override
    public Optional<String> death() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)
                ? Optional.empty()
                : Optional.of("nginx (pid " + pid + ") exited during the run");
    }

    @Override
    public void close() {
        ChildProcesses.unregisterCleanup(cleanup);
        stop();
    }

    private void stop() {
        try {
            run(List.of(script.toString(), "stop", "--port", String.valueOf(port)));
        } catch (StartFailure e) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    private static String run(List<String> command) throws StartFailure {
        try {
            Command done = Command.run(command, Duration.ofSeconds(20));
            if (!done.succeeded()) {
                throw new StartFailure(
                        String.join(" ", command) + " failed: " + done.output().trim());
            }
            return done.output();
        } catch (IOException e) {
            throw new StartFailure(e.getMessage());
        }
    }

    private static int freePort() throws StartFailure {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new StartFailure("no free port for nginx: " + e.getMessage());
        }
    }
}
