package io.httpmodels.harness.process;

import io.httpmodels.load.cli.OldSpellings;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs this JVM's own command again in a JVM started under taskset on the client's CPUs, and waits for it. A JVM
 * sizes its thread pools and collector from the CPUs it sees at start, so pinning the load client afterwards would
 * leave it sized for the whole machine; {@code compare} and {@code regress} therefore relaunch themselves pinned.
 * Ctrl-C reaches both JVMs; a SIGTERM to this one is passed on to the child, which gets a bounded time to finish.
 */
public final class PinnedRelaunch {

    /** Set in the relaunched JVM's environment, so that it runs the command instead of relaunching again. */
    public static final String ENV = "HTTPMODELS_PINNED_CLIENT";

    private PinnedRelaunch() {}

    /** Whether this JVM should relaunch itself: pinning is on, it is not on the client's CPUs, not relaunched. */
    public static boolean needed(Pinning pinning) {
        return pinning.enabled() && !pinning.selfOnClientCpus() && System.getenv(ENV) == null;
    }

    /**
     * Starts {@code java <this JVM's options> <build's launch> args} under the client's taskset prefix, with the
     * output inherited, and returns its exit code.
     *
     * @param graceSeconds how long a SIGTERM to this JVM waits for the child to end
     * @param name  the shutdown hook's thread name
     */
    public static int run(Pinning pinning, HarnessJvm build, List<String> args, long graceSeconds, String name)
            throws IOException, InterruptedException {
        List<String> command = build.command(
                pinning.clientPrefix(), ManagementFactory.getRuntimeMXBean().getInputArguments(), args);
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        pb.environment().put(ENV, "1");
        pb.environment().put(OldSpellings.SAID_ENV, "1"); // this JVM said them

        Process child = pb.start();
        Thread hook = new Thread(
                () -> {
                    if (child.isAlive()) {
                        child.destroy();
                        try {
                            child.waitFor(graceSeconds, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                },
                name);
        Runtime.getRuntime().addShutdownHook(hook);
        int code = child.waitFor();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // Shutting down: the hook waits for the child.
        }
        return code;
    }
}
