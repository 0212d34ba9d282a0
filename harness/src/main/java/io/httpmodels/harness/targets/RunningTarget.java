package io.httpmodels.harness.targets;

import io.httpmodels.harness.process.ControlChannel;

import java.util.Optional;

/** A target while it is measured: where to send requests and which process to sample. */
public interface RunningTarget extends AutoCloseable {

    /** The URL of a route on it. */
    String url(String route);

    /** The process to sample, or null when not known. */
    Long pid();

    /** What runs, in the server's own words. */
    String running();

    /** The server JVM's control channel, or null for a server that has none (nginx, an external URL). */
    default ControlChannel control() {
        return null;
    }

    /**
     * Restarts the server in its JVM, on the same URL, with {@code workMillis} of work per request
     * ({@link io.httpmodels.harness.control.ControlProtocol#RESTART}); {@link #running()} says what runs after.
     *
     * @return whether it did: false for a server that cannot (nginx, an external URL, an older build, a model that
     *         failed to start again), which should then be closed and started afresh
     */
    default boolean restartWithWork(int workMillis) {
        return false;
    }

    /** Why it stopped serving by itself (it exited), or empty while it is fine. */
    Optional<String> death();

    /** Stops what the harness started; never throws. */
    @Override
    void close();
}
