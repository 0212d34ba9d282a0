package io.httpmodels.harness.results;

import java.util.List;
import java.util.Objects;

/**
 * The TLS handshakes of a cell's recorded window, as the load client counted them, and what they cost the server.
 * A keep-alive window usually has none (its connections shook hands in the lead-in); a window with a new connection
 * per request has one per request.
 *
 * @param version                     the TLS version negotiated, as the client names it ({@code 1.3})
 * @param handshakes                  handshakes completed that began in the window
 * @param resumed                     of those, the abbreviated ones (an earlier session resumed)
 * @param perSecond                   handshakes per second of the window (of the target's own turns)
 * @param p50Micros                   median handshake time, from the TCP connection's establishment to the
 *                                    handshake's end; null when none completed
 * @param p99Micros                   its 99th percentile; null when none completed
 * @param serverCpuMicrosPerHandshake the server's CPU time over the window divided by its handshakes: with a new
 *                                    connection per request it holds the request's work too (compare with CPU per
 *                                    request); null without handshakes or without the server's CPU
 */
public record Handshakes(
        String version,
        long handshakes,
        long resumed,
        double perSecond,
        Long p50Micros,
        Long p99Micros,
        Double serverCpuMicrosPerHandshake) {

    public Handshakes {
        if (handshakes < 0 || resumed < 0 || resumed > handshakes || perSecond < 0) {
            throw new IllegalArgumentException("handshake counts out of range: " + handshakes + ", " + resumed);
        }
    }

    /** The share of handshakes that resumed a session, 0 to 1; null when there were none. */
    public Double resumedShare() {
        return handshakes == 0 ? null : (double) resumed / handshakes;
    }

    /**
     * A row's handshakes over its repetitions: counts summed, each rate and time the median of the repetitions'
     * (percentiles of the repetitions' medians, not of merged samples); null when no repetition has any.
     */
    public static Handshakes medianOf(List<Handshakes> repetitions) {
        List<Handshakes> known = repetitions.stream().filter(Objects::nonNull).toList();
        if (known.isEmpty()) {
            return null;
        }
        Double p50 = Stats.medianOrNull(known.stream()
                .map(Handshakes::p50Micros)
                .filter(Objects::nonNull)
                .toList());
        Double p99 = Stats.medianOrNull(known.stream()
                .map(Handshakes::p99Micros)
                .filter(Objects::nonNull)
                .toList());
        return new Handshakes(
                known.get(0).version(),
                known.stream().mapToLong(Handshakes::handshakes).sum(),
                known.stream().mapToLong(Handshakes::resumed).sum(),
                Stats.median(known.stream().map(Handshakes::perSecond).toList()),
                p50 == null ? null : Math.round(p50),
                p99 == null ? null : Math.round(p99),
                Stats.medianOrNull(known.stream()
                        .map(Handshakes::serverCpuMicrosPerHandshake)
                        .filter(Objects::nonNull)
                        .toList()));
    }
}
