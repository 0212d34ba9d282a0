package io.httpmodels.harness.cli;

import picocli.CommandLine.Option;

import java.util.Arrays;
import java.util.List;

/** {@code --server-jvm-opts}: the flags of every server model's JVM. */
public final class ServerJvmOptions {

    /** A fixed heap and the throughput collector: a heap that resizes mid-run shows as noise. */
    public static final String DEFAULT = "-Xms128m -Xmx512m -XX:+UseParallelGC";

    @Option(
            names = "--server-jvm-opts",
            paramLabel = "FLAGS",
            defaultValue = DEFAULT,
            description = "Flags of every model's JVM (default: ${DEFAULT-VALUE}).")
    String serverJvmOpts = DEFAULT;

    /** The flags, one per element. */
    public List<String> flags() {
        return split(serverJvmOpts);
    }

    /** Flags given as one string, split at white space; none for null or blank. */
    public static List<String> split(String flags) {
        return flags == null || flags.isBlank()
                ? List.of()
                : Arrays.asList(flags.trim().split("\\s+"));
    }
}
