package io.httpmodels.harness.cli;

import io.httpmodels.harness.process.Pinning;
import picocli.CommandLine.Option;

/** {@code --[no-]pin}, {@code --server-cpus}, {@code --client-cpus}: how servers and client share the CPUs. */
public final class PinningOptions {

    @Option(
            names = "--pin",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "Pin servers and client to disjoint CPUs (default: on; --no-pin: let the scheduler place"
                    + " them).")
    boolean pin = true;

    @Option(
            names = "--server-cpus",
            paramLabel = "LIST",
            description = "CPUs for the servers, e.g. 0 or 0-2 (default: all but the last).")
    String serverCpus;

    @Option(names = "--client-cpus", paramLabel = "LIST", description = "CPUs for the client (default: the last).")
    String clientCpus;

    /**
     * The pinning asked for.
     *
     * @throws IllegalArgumentException when a list is malformed, names an offline CPU, or the two overlap
     */
    public Pinning pinning() {
        return Pinning.plan(pin, serverCpus, clientCpus);
    }
}
