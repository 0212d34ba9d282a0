package io.httpmodels.harness.targets;

import io.httpmodels.harness.control.ControlProtocol;
import io.httpmodels.harness.control.ControlReply;
import io.httpmodels.harness.process.ChildServer;
import io.httpmodels.harness.process.ControlChannel;

import java.time.Duration;
import java.util.Optional;

/**
 * A model of this project serving in its own JVM: started by {@link TargetLauncher} for {@code compare} and
 * {@code regress} (from either side's build).
 */
public final class ModelProcess implements RunningTarget {

    /** How long a restart may take: a framework closing its pools and starting again on a busy machine. */
    private static final Duration RESTART_BOUND = Duration.ofSeconds(30);

    private final ChildServer child;
    private volatile String running;

    /** The target served by {@code child}, which this closes. */
    public ModelProcess(ChildServer child) {
        this.child = child;
        this.running = child.description();
    }

    @Override
    public String url(String route) {
        return child.scheme() + "://127.0.0.1:" + child.port() + route;
    }

    @Override
    public Long pid() {
        return child.pid();
    }

    @Override
    public String running() {
        return running;
    }

    @Override
    public boolean restartWithWork(int workMillis) {
        ControlChannel control = child.control();
        if (control == null) {
            return false;
        }
        Optional<ControlReply> reply =
                control.request(ControlProtocol.RESTART, Integer.toString(workMillis), RESTART_BOUND);
        if (reply.isEmpty() || reply.get().error()) {
            return false;
        }
        running = reply.get().message();
        return true;
    }

    @Override
    public ControlChannel control() {
        return child.control();
    }

    @Override
    public Optional<String> death() {
        return child.exitCode()
                .map(code -> "the server's JVM exited with code " + code + " during the run" + child.stderrTail());
    }

    @Override
    public void close() {
        child.close();
    }
}
