package io.httpmodels.harness.compare;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency bound, {@code p99=10ms}: the given percentile of the latency from each request's intended send
 * time must not exceed the bound.
 *
 * @param percentile  50, 90, 99, 99.9 or 99.99
 * @param boundMicros the bound in microseconds
 */
public record Slo(double percentile, long boundMicros) {

    private static final Pattern FORM = Pattern.compile("p(50|90|99|99\\.9|99\\.99)=(\\d+(?:\\.\\d+)?)(us|ms|s)");

    /**
     * Parses {@code pNN=VALUE(us|ms|s)}.
     *
     * @throws IllegalArgumentException with the expected form
     */
    public static Slo parse(String text) {
        Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "--slo wants pNN=VALUE with NN one of 50, 90, 99, 99.9, 99.99 and a unit us, ms or s "
                            + "(e.g. p99=10ms), got '" + text + "'");
        }
        double value = Double.parseDouble(m.group(2));
        double micros = switch (m.group(3)) {
            case "us" -> value;
            case "ms" -> value * 1e3;
            default -> value * 1e6;
        };
        if (micros < 1) {
            throw new IllegalArgumentException("--slo: the bound must be at least 1 us, got '" + text + "'");
        }
        return new Slo(Double.parseDouble(m.group(1)), Math.round(micros));
    }

    @Override
    public String toString() {
        String p = percentile == Math.rint(percentile) ? String.valueOf((long) percentile) : String.valueOf(percentile);
        return "p" + p + " <= " + (boundMicros % 1000 == 0 ? boundMicros / 1000 + " ms" : boundMicros + " us");
    }
}
