package io.httpmodels.harness.cli;

import io.httpmodels.harness.measure.WarmupRule;
import io.httpmodels.load.cli.DurationConverter;
import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * {@code --warmup} and {@code --max-warmup}: how long every server is warmed before it is measured. The warm-up
 * goes on past the least until the server's JIT is quiet ({@link WarmupRule}), at most the bound.
 */
public final class WarmupOptions {

    /** The bound unless given: netty pipelined needs 7-9 s under load on two cores. */
    public static final String DEFAULT_MAX = "20s";

    @Option(
            names = "--warmup",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "The least unrecorded warm-up of every server before it is measured; it goes on until the"
                    + " server's JIT is quiet, at most --max-warmup (default: compare: the profile's; regress: 1s;"
                    + " 0 measures cold).")
    Duration warmup;

    @Option(
            names = "--max-warmup",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            defaultValue = DEFAULT_MAX,
            description = "The most warm-up: it goes on past --warmup until a 0.5 s chunk in which the server's JIT"
                    + " compiler threads used at most one clock tick and its CPU time per request stayed within 20 %%"
                    + " of the chunk before (default: ${DEFAULT-VALUE}; a cell warmed this long unsettled is marked"
                    + " '!').")
    Duration maxWarmup = Duration.ofSeconds(20);

    @Option(
            names = "--jit-lending",
            negatable = true,
            description = "While a pinned server warms, let its JIT compiler threads run on the client's CPUs too (its"
                    + " threads are all pinned back before anything is recorded): shorter warm-ups (default: off).")
    Boolean jitLending;

    @Option(
            names = "--jit-priority",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "While a server warms, run its JIT compiler threads at the highest priority on its own CPUs"
                    + " (renice -20, back to 0 before anything is recorded; needs root, else nothing changes):"
                    + " C2 then compiles beside 40 busy handler threads in seconds (default: on).")
    boolean jitPriority = true;

    /**
     * The rule, with {@code defaultMinimum} where no {@code --warmup} was given and {@code defaultLending} where
     * neither {@code --jit-lending} nor {@code --no-jit-lending} was.
     *
     * @throws IllegalArgumentException when a warm-up is negative
     */
    public WarmupRule rule(Duration defaultMinimum, boolean defaultLending) {
        return new WarmupRule(
                warmup != null ? warmup : defaultMinimum,
                maxWarmup,
                jitLending != null ? jitLending : defaultLending,
                jitPriority);
    }

    /** Whether {@code --warmup} was given. */
    public boolean given() {
        return warmup != null;
    }
}
