package io.httpmodels.harness.targets;

import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.harness.process.Command;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;

/**
 * What the targets started through the project's scripts ({@link PeerProcess}, {@link PostgresCluster}) share: a
 * script run to its end within a bound, its failure a {@link StartFailure} in the script's own words, and a free
 * loopback port to hand it.
 */
final class ScriptRun {

    private ScriptRun() {}

    /** Runs {@code command}; its output, or a {@link StartFailure} saying what it said when it failed or hung. */
    static String run(List<String> command, Duration bound) throws StartFailure {
        try {
            Command done = Command.run(command, bound);
            if (!done.succeeded()) {
                throw new StartFailure(
                        String.join(" ", command) + " failed: " + done.output().trim());
            }
            return done.output();
        } catch (IOException e) {
            throw new StartFailure(e.getMessage());
        }
    }

    /** A loopback port nothing listens on now, for {@code what} (said when there is none). */
    static int freePort(String what) throws StartFailure {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new StartFailure("no free port for " + what + ": " + e.getMessage());
        }
    }
}
