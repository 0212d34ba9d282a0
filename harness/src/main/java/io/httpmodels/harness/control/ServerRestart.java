package io.httpmodels.harness.control;

import java.io.IOException;

/**
 * What {@link ControlProtocol#RESTART} does in a server JVM: closes the running server and starts the same model
 * again, on the same port, with another work per request.
 */
@FunctionalInterface
public interface ServerRestart {

    /** For a JVM that cannot restart its server: a restart is refused with an error. */
    ServerRestart NONE = workMillis -> {
        throw new UnsupportedOperationException("this server cannot restart");
    };

    /**
     * Closes the server and starts it again with {@code workMillis} of work per request.
     *
     * @return what runs now, in the server's own words
     * @throws IOException when the new server cannot start (the old one is closed all the same)
     */
    String restartWithWork(int workMillis) throws IOException;
}
