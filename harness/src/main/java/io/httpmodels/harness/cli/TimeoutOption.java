package io.httpmodels.harness.cli;

import io.httpmodels.load.cli.DurationConverter;
import picocli.CommandLine.Option;

import java.time.Duration;

/** {@code --timeout}: how long a request may stay unanswered before it counts as a timeout. */
public final class TimeoutOption {

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            defaultValue = "2s",
            description = "A request unanswered this long is a timeout; its connection is reopened"
                    + " (default: ${DEFAULT-VALUE}).")
    Duration timeout = Duration.ofSeconds(2);

    /**
     * The timeout.
     *
     * @throws IllegalArgumentException when it is not positive
     */
    public Duration timeout() {
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("--timeout must be positive");
        }
        return timeout;
    }
}
