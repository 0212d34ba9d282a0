package io.httpmodels.load.cli;

import picocli.CommandLine;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses a duration as every command line of this project takes it: {@code 500ms}, {@code 10s}, {@code 1.5s},
 * {@code 2m}, {@code 1h}, {@code 250us} or a bare number of seconds, at most {@link #MAX} (a longer one is a typo, and
 * sums of such durations in nanoseconds would overflow). Stateless.
 */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    /** The longest duration any command takes: a year. */
    public static final Duration MAX = Duration.ofDays(365);

    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(us|ms|s|m|h)?");

    @Override
    public Duration convert(String value) {
        Matcher m = FORMAT.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a duration (e.g. 500ms, 10s, 2m)");
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double nanos = amount
                * switch (unit) {
                    case "us" -> 1e3;
                    case "ms" -> 1e6;
                    case "m" -> 60e9;
                    case "h" -> 3600e9;
                    default -> 1e9;
                };
        if (nanos > MAX.toNanos()) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is longer than the longest duration taken (" + MAX.toHours() + "h, a year)");
        }
        return Duration.ofNanos((long) nanos);
    }
}
