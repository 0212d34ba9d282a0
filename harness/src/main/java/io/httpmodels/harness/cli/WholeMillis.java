package io.httpmodels.harness.cli;

import io.httpmodels.load.cli.DurationConverter;
import picocli.CommandLine;

import java.time.Duration;

/**
 * A duration in whole milliseconds, as an {@code int}: {@code --work 1ms}, {@code --idle-timeout 30s}. A bare number
 * is seconds, as in every duration here; a fraction of a millisecond is refused (the models sleep in milliseconds).
 */
public final class WholeMillis implements CommandLine.ITypeConverter<Integer> {

    private static final DurationConverter DURATION = new DurationConverter();

    @Override
    public Integer convert(String value) {
        Duration d = DURATION.convert(value);
        if (d.toNanos() % 1_000_000 != 0) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a whole number of milliseconds (e.g. 1ms, 500ms, 2s)");
        }
        long millis = d.toMillis();
        if (millis > Integer.MAX_VALUE) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is longer than " + Integer.MAX_VALUE + " ms");
        }
        return (int) millis;
    }
}
