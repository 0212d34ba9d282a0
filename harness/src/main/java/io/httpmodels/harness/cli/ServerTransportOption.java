package io.httpmodels.harness.cli;

import io.httpmodels.load.cli.OldSpellings;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --server-transport}: netty's I/O transport. A command whose default is not {@code auto} gives its own through
 * its {@code defaultValueProvider}; {@code --transport} is the old spelling.
 */
public final class ServerTransportOption {

    /** The transport each model chooses by itself. */
    public static final String AUTO = "auto";

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = "--server-transport",
            paramLabel = "NAME",
            defaultValue = AUTO,
            description = "Netty's transport: auto, nio, epoll, io_uring (default: ${DEFAULT-VALUE}).")
    String transport = AUTO;

    /** What the old spelling gave, or null. */
    private String old;

    @Option(names = "--transport", hidden = true, paramLabel = "NAME")
    void oldTransport(String name) {
        OldSpellings.warn(spec, "--transport", "--server-transport");
        old = name;
    }

    /** The transport asked for. */
    public String transport() {
        return old != null && !OldSpellings.given(spec, "--server-transport") ? old : transport;
    }
}
