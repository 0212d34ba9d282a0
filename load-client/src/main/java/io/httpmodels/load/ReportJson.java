package io.httpmodels.load;

import org.HdrHistogram.Histogram;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders a {@link LoadReport} as JSON: every figure, latencies in microseconds, with
 * {@code "schemaVersion"} first. The merged histogram is included compressed and base64-encoded (the
 * HdrHistogram V2 encoding, as in interval logs) so reports merge exactly. Stateless.
 */
public final class ReportJson {

    private ReportJson() {}

    public static String render(LoadReport r) {
        StringBuilder sb = new StringBuilder(4096);
        LoadConfig c = r.config();
        sb.append("{\n");
        field(sb, 1, "schemaVersion", r.schemaVersion());
        field(sb, 1, "tool", "httpmodels load-client");
        sb.append("  \"config\": {\n");
        field(sb, 2, "url", c.uri().toString());
        field(sb, 2, "connections", c.connections());
        field(sb, 2, "threads", c.threads());
        field(
                sb,
                2,
                "durationSeconds",
                c.duration() == null ? null : c.duration().toNanos() / 1e9);
        field(sb, 2, "requests", c.requests() == 0 ? null : c.requests());
        field(sb, 2, "warmupSeconds", c.warmup().toNanos() / 1e9);
        field(sb, 2, "rampUpSeconds", c.rampUp().toNanos() / 1e9);
        field(sb, 2, "keepAlive", c.keepAlive());
        field(sb, 2, "pipeline", c.pipeline());
        field(sb, 2, "rate", c.rateMode() ? c.rate() : null);
        field(sb, 2, "mode", c.rateMode() ? "open-loop constant rate" : "closed loop");
        field(sb, 2, "method", c.method());
        sb.append("    \"headers\": [");
        List<String> headers = c.headers();
        for (int i = 0; i < headers.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(quote(headers.get(i)));
        }
        sb.append("],\n");
        field(sb, 2, "bodyBytes", c.body().length);
        field(sb, 2, "timeoutSeconds", c.timeout().toNanos() / 1e9);
        last(sb, 2, "maxTimeSeconds", c.maxTime().toNanos() / 1e9);
        sb.append("  },\n");
        field(sb, 1, "startedAt", r.startedAt().toString());
        field(sb, 1, "durationSeconds", r.durationSeconds());
        field(sb, 1, "requests", r.requests());
        field(sb, 1, "bytesRead", r.bytesRead());
        field(sb, 1, "requestsPerSecond", r.requestsPerSecond());
        field(sb, 1, "bytesPerSecond", r.bytesPerSecond());
        latency(sb, "latency", r.latency());
        latency(sb, "corrected", r.corrected());
        latency(sb, "uncorrected", r.uncorrected());
        latency(sb, "connect", r.connect());
        latency(sb, "waiting", r.waiting());
        latency(sb, "total", r.total());
        sb.append("  \"statusCounts\": {");
        boolean first = true;
        for (Map.Entry<Integer, Long> e : r.statusCounts().entrySet()) {
            sb.append(first ? "" : ", ")
                    .append('"')
                    .append(e.getKey())
                    .append("\": ")
                    .append(e.getValue());
            first = false;
        }
        sb.append("},\n");
        field(sb, 1, "non2xx3xx", r.non2xx3xx());
        sb.append("  \"errors\": {");
        first = true;
        for (Map.Entry<ErrorKind, Long> e : r.errors().asMap().entrySet()) {
            sb.append(first ? "" : ", ")
                    .append(quote(e.getKey().label()))
                    .append(": ")
                    .append(e.getValue());
            first = false;
        }
        sb.append(", \"total\": ").append(r.errors().total()).append("},\n");
        sb.append("  \"intervals\": [");
        for (int i = 0; i < r.intervals().size(); i++) {
            LoadReport.Interval in = r.intervals().get(i);
            sb.append(i == 0 ? "\n" : ",\n")
                    .append("    {\"startSeconds\": ")
                    .append(num(in.startSeconds()))
                    .append(", \"lengthSeconds\": ")
                    .append(num(in.lengthSeconds()))
                    .append(", \"requests\": ")
                    .append(in.requests())
                    .append(", \"requestsPerSecond\": ")
                    .append(num(in.requestsPerSecond()))
                    .append('}');
        }
        sb.append(r.intervals().isEmpty() ? "],\n" : "\n  ],\n");
        field(sb, 1, "connectsSucceeded", r.connectsSucceeded());
        field(sb, 1, "connectionsServed", r.connectionsServed());
        field(sb, 1, "abortReason", r.abortReason());
        last(sb, 1, "latencyHistogram", encode(r.histogram()));
        sb.append("}\n");
        return sb.toString();
    }

    /** A histogram in the compressed V2 encoding, base64, as HistogramLogWriter writes it. */
    static String encode(Histogram h) {
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        byte[] bytes = new byte[n];
        buf.flip();
        buf.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    private static void latency(StringBuilder sb, String name, LatencySummary s) {
        if (s == null) {
            field(sb, 1, name, null);
            return;
        }
        sb.append("  ").append(quote(name)).append(": {\n");
        field(sb, 2, "description", s.description());
        field(sb, 2, "unit", "us");
        field(sb, 2, "count", s.count());
        field(sb, 2, "min", s.minMicros());
        field(sb, 2, "mean", s.meanMicros());
        field(sb, 2, "stdev", s.stdDevMicros());
        field(sb, 2, "max", s.maxMicros());
        sb.append("    \"percentiles\": {");
        for (int i = 0; i < s.percentiles().size(); i++) {
            LatencySummary.Percentile p = s.percentiles().get(i);
            sb.append(i == 0 ? "" : ", ")
                    .append('"')
                    .append(num(p.percentile()))
                    .append("\": ")
                    .append(p.valueMicros());
        }
        sb.append("}\n  },\n");
    }

    private static void field(StringBuilder sb, int depth, String name, Object value) {
        sb.append("  ".repeat(depth))
                .append(quote(name))
                .append(": ")
                .append(value(value))
                .append(",\n");
    }

    private static void last(StringBuilder sb, int depth, String name, Object value) {
        sb.append("  ".repeat(depth))
                .append(quote(name))
                .append(": ")
                .append(value(value))
                .append('\n');
    }

    private static String value(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String s) {
            return quote(s);
        }
        if (value instanceof Double d) {
            return num(d);
        }
        return value.toString();
    }

    private static String num(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return "null";
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return String.valueOf((long) d);
        }
        // Double.toString is valid JSON for finite values ("1.5", "2.5E-4").
        return Double.toString(d);
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (ch < 0x20) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
                    } else {
                        sb.append(ch);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    static byte[] bytes(LoadReport r) {
        return render(r).getBytes(StandardCharsets.UTF_8);
    }
}
