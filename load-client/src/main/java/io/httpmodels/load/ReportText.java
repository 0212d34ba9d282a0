package io.httpmodels.load;

import java.util.Locale;
import java.util.Map;

/**
 * Renders a {@link LoadReport} as a wrk-like text summary, and words what each latency figure measures (the
 * descriptions a report carries as data). Stateless.
 */
public final class ReportText {

    /** What the uncorrected (rate mode) figure measures. */
    static final String UNCORRECTED_DESCRIPTION = "service time: from the actual write of each "
            + "request to the last byte of its response, ignoring the schedule; hides stalls";

    /** What the connect figure (no keep-alive) measures. */
    static final String CONNECT_DESCRIPTION = "TCP connect, from connect() to established";

    /** What the waiting figure (no keep-alive) measures. */
    static final String WAITING_DESCRIPTION = "from the write of the request to the first byte of the response";

    /** What the total figure (no keep-alive) measures. */
    static final String TOTAL_DESCRIPTION = "from connect() to the last byte of the response";

    /** What the handshake figure (https://) measures. */
    static final String HANDSHAKE_DESCRIPTION = "TLS handshake, from the TCP connection's establishment to its end";

    private ReportText() {}

    /** What the primary latency figure of a run with this configuration measures. */
    static String latencyDescription(LoadConfig config) {
        String pipelined = config.connections().pipeline() > 1
                ? ", each request of a pipelined batch timed to its own response"
                : "";
        if (config.rateMode()) {
            return "from when each request was meant to be sent (constant rate "
                    + config.pacing().rate() + "/s, open loop) to the last byte of its response" + pipelined;
        }
        return "raw: from the write of each request to the last byte of its response, one sample per request"
                + pipelined;
    }

    /** What the wrk-style corrected figure measures, given the expected interval it was corrected with. */
    static String correctedDescription(long expectedMicros) {
        return "wrk-style: raw latencies plus synthetic samples (recordValueWithExpectedInterval, expected interval "
                + expectedMicros
                + " us = mean time between one connection's sends); an estimate, not a measurement";
    }

    /** The header line(s) printed before a run starts. */
    public static String header(LoadConfig config) {
        StringBuilder sb = new StringBuilder();
        sb.append("Running ")
                .append(
                        config.counted()
                                ? config.timeline().requests() + " requests"
                                : formatSeconds(config.timeline().duration().toNanos() / 1e9) + " test")
                .append(" @ ")
                .append(config.uri())
                .append('\n');
        sb.append("  ")
                .append(config.connections().threads())
                .append(config.connections().threads() == 1 ? " thread and " : " threads and ")
                .append(config.connections().count())
                .append(" connections, ")
                .append(config.connections().keepAlive() ? "keep-alive" : "a new connection per request")
                .append(protocolHeader(config.protocol()))
                .append(
                        config.connections().pipeline() > 1
                                ? ", pipeline " + config.connections().pipeline()
                                : "")
                .append(
                        config.rateMode()
                                ? ", constant rate " + fmt(config.pacing().rate()) + " requests/s (open loop)"
                                : ", closed loop");
        if (!config.timeline().warmup().isZero()) {
            sb.append(", warm-up ")
                    .append(formatSeconds(config.timeline().warmup().toNanos() / 1e9));
        }
        if (!config.connections().rampUp().isZero()) {
            sb.append(", ramp-up ")
                    .append(formatSeconds(config.connections().rampUp().toNanos() / 1e9));
        }
        if (config.tls() != null) {
            sb.append('\n').append(tlsHeader(config.tls(), config.timeline().warmup()));
        }
        return sb.append('\n').toString();
    }

    /** The protocol, for the header: nothing for HTTP/1.1 (every report before HTTP/2 read so), else its streams. */
    static String protocolHeader(LoadConfig.Protocol protocol) {
        return switch (protocol.version()) {
            case H1 -> "";
            case H2C -> ", HTTP/2 over cleartext (h2c), " + protocol.streams() + " streams per connection";
            case H2 -> ", HTTP/2 over TLS (h2), " + protocol.streams() + " streams per connection";
        };
    }

    /** The summary after a run, the latency distribution included. */
    public static String render(LoadReport r) {
        return render(r, true);
    }

    /** The summary after a run; {@code distribution}: with the latency distribution (wrk's {@code --latency}). */
    public static String render(LoadReport r, boolean distribution) {
        StringBuilder sb = new StringBuilder();
        LatencySummary lat = r.latencies().latency();
        sb.append("  Latency: ").append(lat.description()).append('\n');
        sb.append(String.format(Locale.ROOT, "    %-10s %10s %10s %10s %10s%n", "", "mean", "stdev", "min", "max"));
        row(sb, "latency", lat);
        if (r.latencies().uncorrected() != null) {
            row(sb, "uncorrected", r.latencies().uncorrected());
        }
        if (r.latencies().corrected() != null) {
            row(sb, "corrected", r.latencies().corrected());
        }
        if (distribution) {
            distribution(sb, r, lat);
        }
        if (r.latencies().uncorrected() != null) {
            sb.append("  uncorrected: ")
                    .append(r.latencies().uncorrected().description())
                    .append('\n');
        }
        if (r.latencies().corrected() != null) {
            sb.append("  corrected: ")
                    .append(r.latencies().corrected().description())
                    .append('\n');
        }
        if (r.latencies().connect() != null) {
            sb.append("  Connection times (ms), as ab:\n");
            sb.append(String.format(
                    Locale.ROOT, "    %-11s %8s %8s %8s %8s %8s%n", "", "min", "mean", "[+/-sd]", "median", "max"));
            abRow(sb, "Connect:", r.latencies().connect());
            abRow(sb, "Waiting:", r.latencies().waiting());
            abRow(sb, "Processing:", lat);
            abRow(sb, "Total:", r.latencies().total());
        }
        if (r.tls() != null) {
            sb.append(tlsLine(r.tls()));
        }
        sb.append(String.format(
                Locale.ROOT,
                "  %d requests in %s, %s read%n",
                r.recorded().requests(),
                formatSeconds(r.recorded().seconds()),
                formatBytes(r.recorded().bytesRead())));
        ErrorCounts e = r.responses().errors();
        if (e.total() > 0) {
            boolean http2 = r.config().protocol().version().http2();
            sb.append("  Errors:");
            String separator = " ";
            for (Map.Entry<ErrorKind, Long> entry : e.asMap(http2).entrySet()) {
                sb.append(separator).append(entry.getKey().label()).append(' ').append(entry.getValue());
                separator = ", ";
            }
            sb.append('\n');
        }
        if (!r.responses().resets().isEmpty()) {
            sb.append("  Streams reset (RST_STREAM) by code:");
            String separator = " ";
            for (Map.Entry<String, Long> entry : r.responses().resets().entrySet()) {
                sb.append(separator).append(entry.getKey()).append(' ').append(entry.getValue());
                separator = ", ";
            }
            sb.append('\n');
        }
        if (r.responses().non2xx3xx() > 0) {
            sb.append("  Non-2xx or 3xx responses: ")
                    .append(r.responses().non2xx3xx())
                    .append(' ')
                    .append(r.responses().statusCounts())
                    .append('\n');
        }
        if (r.connections().served() < r.config().connections().count()) {
            sb.append("  Connections served: ")
                    .append(r.connections().served())
                    .append(" of ")
                    .append(r.config().connections().count())
                    .append(" (the others never completed a recorded response)\n");
        }
        if (r.background() != null) {
            sb.append(background(r.background()));
        }
        if (r.abortReason() != null) {
            sb.append("  Stopped early: ").append(r.abortReason()).append('\n');
        }
        sb.append(String.format(
                Locale.ROOT, "Requests/sec: %12.2f%n", r.recorded().requestsPerSecond()));
        sb.append(String.format(Locale.ROOT, "Transfer/sec: %12s%n", formatBytes((long)
                r.recorded().bytesPerSecond())));
        return sb.toString();
    }

    /** The primary latency's percentiles, each beside the other summary's at the same percentile. */
    private static void distribution(StringBuilder sb, LoadReport r, LatencySummary lat) {
        sb.append("  Latency distribution (").append(lat.name()).append("):\n");
        for (LatencySummary.Percentile p : lat.percentiles()) {
            String label = p.percentile() == 100.0 ? "max" : trimPercent(p.percentile()) + "%";
            sb.append(String.format(Locale.ROOT, "    %7s  %10s", label, formatMicros(p.valueMicros())));
            if (r.latencies().uncorrected() != null) {
                sb.append(String.format(
                        Locale.ROOT,
                        "   (uncorrected %s)",
                        formatMicros(r.latencies().uncorrected().valueAt(p.percentile()))));
            } else if (r.latencies().corrected() != null) {
                sb.append(String.format(
                        Locale.ROOT,
                        "   (corrected %s)",
                        formatMicros(r.latencies().corrected().valueAt(p.percentile()))));
            }
            sb.append('\n');
        }
    }

    /**
     * Who encrypts and what is offered, e.g. {@code TLS 1.3,1.2 through OpenSSL (BoringSSL), resuming}; where the JDK
     * encrypts because OpenSSL does not load here, why.
     */
    static String tlsHeader(TlsSettings tls, java.time.Duration warmup) {
        StringBuilder sb = new StringBuilder("  TLS ")
                .append(tls.offeredLabel())
                .append(" through ")
                .append(tls.provider().description())
                .append(tls.resume() ? ", resuming sessions" : ", full handshakes");
        if (tls.provider() == ClientTlsProvider.JDK && !ClientTlsProvider.OPENSSL.available()) {
            sb.append(" (OpenSSL does not load here: ")
                    .append(ClientTlsProvider.openSslUnavailableReason())
                    .append(')');
        }
        if (tls.provider() == ClientTlsProvider.JDK && warmup.compareTo(ClientTlsProvider.JDK_WARMUP) < 0) {
            sb.append("\n  note: the JDK's TLS handshake is warm after about ")
                    .append(ClientTlsProvider.JDK_WARMUP.toSeconds())
                    .append(" s of load (--warmup; this run's: ")
                    .append(formatSeconds(warmup.toNanos() / 1e9))
                    .append("): until then it is slower and costs more CPU, and a new connection per request"
                            + " measures this client's handshakes, not the server's");
        }
        return sb.toString();
    }

    /** An https:// run's handshakes: how many, how many resumed, their median and p99. */
    static String tlsLine(LoadReport.Tls tls) {
        StringBuilder sb = new StringBuilder("  TLS ")
                .append(
                        tls.version() == null
                                ? "(none negotiated)"
                                : tls.version().label())
                .append(": ");
        sb.append(tls.handshakes()).append(tls.handshakes() == 1 ? " handshake" : " handshakes");
        sb.append(", ").append(tls.resumed()).append(" resumed");
        if (tls.handshake() != null) {
            sb.append(", handshake p50 ")
                    .append(formatMicros(tls.handshake().valueAt(50)))
                    .append(" p99 ")
                    .append(formatMicros(tls.handshake().valueAt(99)));
        }
        return sb.append('\n').toString();
    }

    /** Why a run that ended gave no figure: no response recorded, and the errors by kind that say why. */
    static String nothingRecorded(LoadReport r) {
        StringBuilder sb = new StringBuilder("no response was recorded");
        String separator = " (errors: ";
        for (Map.Entry<ErrorKind, Long> e : r.responses().errors().asMap().entrySet()) {
            if (e.getValue() > 0) {
                sb.append(separator).append(e.getKey().label()).append(' ').append(e.getValue());
                separator = ", ";
            }
        }
        return sb.append(r.responses().errors().total() > 0 ? ")" : "").toString();
    }

    /** What the background connections saw, a line for each kind held, and when they opened. */
    static String background(BackgroundReport b) {
        StringBuilder sb = new StringBuilder();
        if (b.idle().connections() > 0) {
            sb.append(String.format(
                    Locale.ROOT,
                    "  Idle connections: %d asked, %d answered, %d open at the end, %d closed by the server%s%n",
                    b.idle().connections(),
                    b.idle().answered(),
                    b.idle().open(),
                    b.idle().closedByServer(),
                    b.idle().errorAnswers() > 0
                            ? ", " + b.idle().errorAnswers() + " answers with an error status"
                            : ""));
        }
        if (b.slow().connections() > 0) {
            sb.append(String.format(
                    Locale.ROOT,
                    "  Slow connections: %d asked (a byte every %s), %d open at the end, %d closed by the server"
                            + " (%d after an answer), %s trickled%n",
                    b.slow().connections(),
                    formatSeconds(b.slow().intervalSeconds()),
                    b.slow().open(),
                    b.slow().closedByServer(),
                    b.slow().answered(),
                    formatBytes(b.slow().bytesSent())));
        }
        sb.append(String.format(
                Locale.ROOT,
                "  Background connections %s in %s%s%n",
                b.opening().beforeStart() ? "opened" : "not all opened (the clock started at the bound)",
                formatSeconds(b.opening().seconds()),
                b.opening().connectFailures() > 0
                        ? ", " + b.opening().connectFailures() + " connects failed and were retried"
                        : ""));
        return sb.toString();
    }

    /** A one-line progress report: elapsed, requests, current rate, errors. */
    public static String progressLine(Progress p) {
        if (p.warmingUp()) {
            return String.format(
                    Locale.ROOT, "warm-up: %s left, errors %d", formatSeconds(-p.elapsedNanos() / 1e9), p.errors());
        }
        return String.format(
                Locale.ROOT,
                "%7s  requests %,d  %,.0f req/s  errors %d",
                formatSeconds(p.elapsedNanos() / 1e9),
                p.requests(),
                p.intervalRequestsPerSecond(),
                p.errors());
    }

    private static void row(StringBuilder sb, String label, LatencySummary s) {
        sb.append(String.format(
                Locale.ROOT,
                "    %-11s %10s %10s %10s %10s%n",
                label,
                formatMicros(s.meanMicros()),
                formatMicros(s.stdDevMicros()),
                formatMicros(s.minMicros()),
                formatMicros(s.maxMicros())));
    }

    private static void abRow(StringBuilder sb, String label, LatencySummary s) {
        sb.append(String.format(
                Locale.ROOT,
                "    %-11s %8.2f %8.2f %8.2f %8.2f %8.2f%n",
                label,
                s.minMicros() / 1e3,
                s.meanMicros() / 1e3,
                s.stdDevMicros() / 1e3,
                s.valueAt(50.0) / 1e3,
                s.maxMicros() / 1e3));
    }

    private static String trimPercent(double p) {
        return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
    }

    /** Microseconds as us, ms or s with two decimals, as wrk prints them. */
    public static String formatMicros(double micros) {
        if (micros < 1000) {
            return String.format(Locale.ROOT, "%.2fus", micros);
        }
        if (micros < 1_000_000) {
            return String.format(Locale.ROOT, "%.2fms", micros / 1e3);
        }
        return String.format(Locale.ROOT, "%.2fs", micros / 1e6);
    }

    static String formatSeconds(double seconds) {
        return String.format(Locale.ROOT, "%.2fs", seconds);
    }

    static String formatBytes(long bytes) {
        if (bytes < 1024) {
            return bytes + "B";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.2fKB", bytes / 1024.0);
        }
        if (bytes < 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.2fMB", bytes / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.2fGB", bytes / (1024.0 * 1024 * 1024));
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
