package io.httpmodels.load.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

import java.util.Locale;
import java.util.Map;
import java.util.Stack;

/**
 * Old spellings of flags, kept working for one release after a flag was renamed: each still does what it did and
 * says, in one line on standard error, what to type instead. They are hidden from {@code --help}, which shows only the
 * new spellings. A renamed flag keeps its old name as a hidden option whose setter calls {@link #warn}; a boolean that
 * took {@code on|off} or {@code yes|no} and is now {@code --[no-]x} reads the old value through {@link OnOff}.
 */
public final class OldSpellings {

    /**
     * Set in the environment of a JVM that runs the same command line again (the harness relaunched on the client's
     * CPUs): its parent has said each line already.
     */
    public static final String SAID_ENV = "HTTPMODELS_OLD_SPELLINGS_SAID";

    private OldSpellings() {}

    /**
     * Says once on the command's standard error that {@code old} is an old spelling of {@code now}, e.g. {@code
     * httpmodels compare: --threads is an old spelling: use --server-threads (the old one goes in the next release)}.
     */
    public static void warn(CommandSpec spec, String old, String now) {
        if (System.getenv(SAID_ENV) != null) {
            return;
        }
        CommandLine line = spec.commandLine();
        var err = line == null ? new java.io.PrintWriter(System.err, true) : line.getErr();
        err.printf(
                Locale.ROOT,
                "%s: %s is an old spelling: use %s (the old one goes in the next release)%n",
                spec.qualifiedName(),
                old,
                now);
        err.flush();
    }

    /**
     * Whether the command line gave {@code name} (a new spelling) itself: an old spelling's value counts only when the
     * new one was not given, and a default, which picocli applies after the words are read, never hides it.
     */
    public static boolean given(CommandSpec spec, String name) {
        CommandLine line = spec.commandLine();
        return line != null
                && line.getParseResult() != null
                && line.getParseResult().hasMatchedOption(name);
    }

    /**
     * Reads the value a boolean option took before it became {@code --[no-]x}: {@code --x on}, {@code --x off},
     * {@code --x=no}, ... still work, with a warning naming {@code --x} or {@code --no-x}; {@code --x} and
     * {@code --no-x} alone are untouched. For a negatable {@code boolean} option with a {@code defaultValue} and a
     * {@code fallbackValue} of {@code true} or {@code false}.
     */
    public static final class OnOff implements CommandLine.IParameterPreprocessor {

        @Override
        public boolean preprocess(Stack<String> args, CommandSpec command, ArgSpec arg, Map<String, Object> info) {
            if (args.isEmpty()) {
                return false;
            }
            Boolean value = switch (args.peek().toLowerCase(Locale.ROOT)) {
                case "on", "yes" -> true;
                case "off", "no" -> false;
                default -> null;
            };
            if (value == null) {
                return false;
            }
            String old = args.pop();
            boolean negated = Boolean.TRUE.equals(info.get("negated"));
            String name = ((CommandLine.Model.OptionSpec) arg).longestName();
            boolean result = value != negated;
            warn(
                    command,
                    (negated ? "--no-" + name.substring(2) : name) + " " + old,
                    result ? name : "--no-" + name.substring(2));
            if ("=".equals(info.get("separator"))) {
                // --x=off: picocli expects the attached value; give it the boolean's own word.
                args.push(result == negated ? "false" : "true");
            } else {
                // --x off: the option takes no value; what it sets follows whether it is negated.
                info.put("negated", !result);
            }
            return false;
        }
    }
}
