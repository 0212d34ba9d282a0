package io.httpmodels.harness.targets;

import io.httpmodels.harness.process.ChildServer;
import io.httpmodels.harness.process.ControlChannel;

import java.util.Optional;

/**
 * A model of this project serving in its own JVM: started by {@link TargetLauncher} for {@code compare} and
 * {@code regress} (from either side's build).
 */
public final class ModelProcess implements RunningTarget {

    private final ChildServer child;

    /** The target served by {@code child}, which this closes. */
    public ModelProcess(ChildServer child) {
        this.child = child;
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
        return child.description();
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
