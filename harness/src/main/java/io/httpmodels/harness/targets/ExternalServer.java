package io.httpmodels.harness.targets;

import io.httpmodels.harness.process.ListeningProcess;

import java.net.URI;
import java.util.Optional;

/**
 * A server the harness did not start ({@code --target NAME=URL}). Its process is looked up by the port it
 * listens on, when it runs on this machine and /proc shows it, so its CPU and memory can be sampled too.
 */
final class ExternalServer implements RunningTarget {

    private final URI base;
    private final Long pid;

    ExternalServer(URI base) {
        this.base = base;
        int port = base.getPort() < 0 ? 80 : base.getPort();
        this.pid = ListeningProcess.find(port).orElse(null);
    }

    @Override
    public String url(String route) {
        return base + route;
    }

    @Override
    public Long pid() {
        return pid;
    }

    @Override
    public String running() {
        return "external server at " + base
                + (pid == null ? " (process not found: CPU and memory unknown)" : " (pid " + pid + ")");
    }

    @Override
    public Optional<String> death() {
        return Optional.empty();
    }

    @Override
    public void close() {
        // Not ours to stop.
    }
}
