package io.httpmodels.harness.cli;

import io.httpmodels.load.cli.OldSpellings;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.List;

/**
 * {@code --keep-alive}, {@code --no-keep-alive} and {@code --keep-alive=both}: keep-alive connections, a new
 * connection per request, or each shape both ways. {@code --keep-alive yes|no} is the old spelling.
 */
public final class KeepAliveOption {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** The modes asked for, keep-alive first; null when neither flag was given. */
    private List<Boolean> modes;

    @Option(
            names = "--keep-alive",
            arity = "0..1",
            fallbackValue = "",
            paramLabel = "both",
            description = "Keep-alive connections; --no-keep-alive: a new connection per request;"
                    + " --keep-alive=both: each shape both ways (default: compare: the profile's; overhead: both).")
    void keepAlive(String value) {
        if (value == null) {
            return;
        }
        modes = switch (value) {
            case "", "true" -> List.of(true);
            case "both" -> List.of(true, false);
            case "yes" -> {
                OldSpellings.warn(spec, "--keep-alive yes", "--keep-alive");
                yield List.of(true);
            }
            case "no" -> {
                OldSpellings.warn(spec, "--keep-alive no", "--no-keep-alive");
                yield List.of(false);
            }
            default ->
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--keep-alive takes no value but 'both', got '" + value + "'");
        };
    }

    @Option(names = "--no-keep-alive", description = "A new connection per request, as ab without -k.")
    void noKeepAlive(boolean value) {
        if (value) {
            modes = List.of(false);
        }
    }

    /** The modes asked for (true: keep-alive), or {@code otherwise} when neither flag was given. */
    public List<Boolean> modes(List<Boolean> otherwise) {
        return modes != null ? modes : otherwise;
    }

    /** Whether either flag was given. */
    public boolean given() {
        return modes != null;
    }
}
