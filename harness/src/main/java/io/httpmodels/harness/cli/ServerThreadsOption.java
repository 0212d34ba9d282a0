package io.httpmodels.harness.cli;

import io.httpmodels.load.MachineLimits;
import io.httpmodels.load.cli.OldSpellings;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --server-threads}: the models' worker threads (fixed-pool's pool, netty's event loops). Prefixed because
 * {@code -t}/{@code --threads} is the load client's threads, as in wrk; {@code --threads} is its old spelling here.
 */
public final class ServerThreadsOption {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    private int threads;

    @Option(
            names = "--server-threads",
            paramLabel = "N",
            description = "The models' worker threads: fixed-pool's pool (default 4 x cores), netty's event loops"
                    + " (default: cores); 0 = each model's default for the cores it is pinned to (default: 0).")
    void threads(int n) {
        threads = Counts.threads(spec, "--server-threads", n, 0);
    }

    @Option(names = "--threads", hidden = true, paramLabel = "N")
    void oldThreads(int n) {
        OldSpellings.warn(spec, "--threads", "--server-threads");
        threads = Counts.threads(spec, "--threads", n, 0);
    }

    /** The threads asked for (at most {@link MachineLimits#MAX_THREADS}), 0 for each model's default. */
    public int threads() {
        return threads;
    }
}
