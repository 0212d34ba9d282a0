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

    /** Why it stopped serving by itself (it exited), or empty while it is fine. */
    Optional<String> death();

    /** Stops what the harness started; never throws. */
    @Override
    void close();
}
