package io.httpmodels.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one {@link Http2Attack} did to one server, as {@link Http2AttackKit} measured it, and its {@link #verdict()}.
 *
 * @param attack the attack
 * @param sentBytes what the attacking connection wrote
 * @param attackMillis how long it attacked
 * @param rssGrowthKiB how far the server's resident set grew above where it was before the attack, at most
 * @param stoppedAtGrowth whether the kit stopped the attack early, the growth past its stop
 * @param attackCores the server's CPU use while attacked, in cores (its CPU time over the attack's wall time)
 * @param afterCores its CPU use once the attacker had gone, in cores
 * @param goawayCode the error code of the server's GOAWAY, or -1 if it sent none
 * @param endedBy how the server ended the attacking connection ("closed", "reset (...)"), or null if it kept it
 * @param resetsByCode the RST_STREAM frames the server sent, by error code
 * @param bystanders how many bystanders were answered during the attack
 * @param bystanderMaxMillis the longest a bystander waited for its answer
 * @param bystanderFailure why a bystander was not served, or null
 * @param died whether the server's process died
 */
record Http2AttackOutcome(
        Http2Attack attack,
        long sentBytes,
        long attackMillis,
        long rssGrowthKiB,
        boolean stoppedAtGrowth,
        double attackCores,
        double afterCores,
        int goawayCode,
        String endedBy,
        Map<Integer, Integer> resetsByCode,
        int bystanders,
        long bystanderMaxMillis,
        String bystanderFailure,
        boolean died) {

    /** How one attack ended for the server, the first that applies in this order. */
    enum Verdict {
        /** The server's process died. */
        DIED,
        /** Its resident set grew past {@link BackpressureKit#MAX_RSS_GROWTH}. */
        MEMORY_GREW,
        /** A bystander was not answered, or not within the bound. */
        BYSTANDER_STARVED,
        /** The server kept working once the attacker had gone. */
        CPU_KEPT_BUSY,
        /** It held every stream it was asked to open, refusing none. */
        STREAMS_UNLIMITED,
        /** It ended the attacking connection with a GOAWAY. */
        CLOSED_WITH_GOAWAY,
        /** It ended the attacking connection without a GOAWAY. */
        CLOSED,
        /** It kept the attacking connection, in bounded memory, serving others. */
        SURVIVED
    }

    /** The most CPU a server may use once the attacker has gone, in cores: a collection or compilation, not work. */
    static final double MAX_AFTER_CORES = 0.5;

    /** How long a bystander may wait for its answer while the attack runs. */
    static final long BYSTANDER_BOUND_MILLIS = 5_000;

    /** What of the kit's bounds the server broke, in sentences: empty if it came through. */
    List<String> broken() {
        List<String> broken = new ArrayList<>();
        if (died) {
            broken.add("the server's process died");
        }
        if (rssGrowthKiB > BackpressureKit.MAX_RSS_GROWTH) {
            broken.add("its resident set grew by " + rssGrowthKiB / 1024 + " MiB"
                    + (stoppedAtGrowth ? " (when the kit stopped the attack)" : "") + ", over "
                    + BackpressureKit.MAX_RSS_GROWTH / 1024 + " MiB");
        }
        if (bystanderFailure != null) {
            broken.add("a bystander was not served: " + bystanderFailure);
        } else if (bystanderMaxMillis > BYSTANDER_BOUND_MILLIS) {
            broken.add("a bystander waited " + bystanderMaxMillis + " ms, over " + BYSTANDER_BOUND_MILLIS + " ms");
        }
        if (afterCores > MAX_AFTER_CORES) {
            broken.add(String.format(
                    "it kept %.2f cores busy once the attacker had gone, over %.2f", afterCores, MAX_AFTER_CORES));
        }
        if (attack == Http2Attack.TOO_MANY_STREAMS && resetsByCode.isEmpty() && goawayCode < 0 && endedBy == null) {
            broken.add("it refused none of the streams past its SETTINGS_MAX_CONCURRENT_STREAMS");
        }
        return broken;
    }

    /** The verdict: the first bound broken, else how the server dealt with the attacking connection. */
    Verdict verdict() {
        if (died) {
            return Verdict.DIED;
        }
        if (rssGrowthKiB > BackpressureKit.MAX_RSS_GROWTH) {
            return Verdict.MEMORY_GREW;
        }
        if (bystanderFailure != null || bystanderMaxMillis > BYSTANDER_BOUND_MILLIS) {
            return Verdict.BYSTANDER_STARVED;
        }
        if (afterCores > MAX_AFTER_CORES) {
            return Verdict.CPU_KEPT_BUSY;
        }
        if (!broken().isEmpty()) {
            return Verdict.STREAMS_UNLIMITED;
        }
        if (goawayCode >= 0) {
            return Verdict.CLOSED_WITH_GOAWAY;
        }
        return endedBy != null ? Verdict.CLOSED : Verdict.SURVIVED;
    }

    /** The outcome in one line: verdict, then the figures. */
    String figures() {
        return String.format(
                "%s: %s%s; sent %.1f MiB in %d ms; resident set +%d MiB%s; CPU %.2f cores attacked, %.2f after;"
                        + " resets %s; %d bystander(s) answered, in %d ms at most%s",
                verdict(),
                goawayCode >= 0 ? "GOAWAY " + errorName(goawayCode) + ", " : "",
                endedBy != null ? "connection " + endedBy : "connection kept",
                sentBytes / 1048576.0,
                attackMillis,
                rssGrowthKiB / 1024,
                stoppedAtGrowth ? " (stopped by the kit)" : "",
                attackCores,
                afterCores,
                resetsByCode.isEmpty() ? "none" : namedResets(),
                bystanders,
                bystanderMaxMillis,
                bystanderFailure == null ? "" : "; bystander failed: " + bystanderFailure);
    }

    private String namedResets() {
        StringBuilder text = new StringBuilder();
        resetsByCode.forEach((code, count) -> text.append(text.isEmpty() ? "" : ", ")
                .append(count)
                .append(' ')
                .append(errorName(code)));
        return text.toString();
    }

    /** An HTTP/2 error code by its name (RFC 9113 §7). */
    static String errorName(int code) {
        List<String> names = List.of(
                "NO_ERROR",
                "PROTOCOL_ERROR",
                "INTERNAL_ERROR",
                "FLOW_CONTROL_ERROR",
                "SETTINGS_TIMEOUT",
                "STREAM_CLOSED",
                "FRAME_SIZE_ERROR",
                "REFUSED_STREAM",
                "CANCEL",
                "COMPRESSION_ERROR",
                "CONNECT_ERROR",
                "ENHANCE_YOUR_CALM",
                "INADEQUATE_SECURITY",
                "HTTP_1_1_REQUIRED");
        return code >= 0 && code < names.size() ? names.get(code) : "0x" + Integer.toHexString(code);
    }
}
