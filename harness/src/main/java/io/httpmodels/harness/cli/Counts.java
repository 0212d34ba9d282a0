package io.httpmodels.harness.cli;

import io.httpmodels.load.MachineLimits;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Checks of counts a user types, made as the flag is read, so a count the machine cannot hold is a usage error said in
 * one line (exit 2) before anything starts. The bounds are the load client's {@link MachineLimits}.
 */
public final class Counts {

    private Counts() {}

    /**
     * {@code n}, when it is a thread count between {@code least} and {@link MachineLimits#MAX_THREADS}.
     *
     * @throws CommandLine.ParameterException saying the bound, caused by the {@link IllegalArgumentException} that
     *                                        marks it as a value out of range (said without the usage)
     */
    public static int threads(CommandSpec spec, String flag, int n, int least) {
        try {
            MachineLimits.checkThreads(flag, n, least);
            return n;
        } catch (IllegalArgumentException e) {
            throw outOfRange(spec, e);
        }
    }

    /** A usage error for a value out of range: one line, no usage after it ({@code HttpModelsCli}'s handler). */
    public static CommandLine.ParameterException outOfRange(CommandSpec spec, IllegalArgumentException e) {
        return new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
    }
}
