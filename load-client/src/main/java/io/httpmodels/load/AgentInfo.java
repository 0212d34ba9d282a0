package io.httpmodels.load;

import java.util.Locale;

/**
 * Who this client is among several agents loading one server together: its tag (on every interval of its
 * {@code .hlog} and in its JSON, so a merge can name it) and its share of the total rate. A plain value.
 *
 * @param tag        the agent's name, e.g. {@code agent-0}; HdrHistogram's {@code Tag=} on its intervals
 * @param agents     how many agents share the load, or null when not said
 * @param agentIndex this agent's number, 0-based, or null when not said
 * @param rateShare  the share of {@code totalRate} this agent sends, or null in closed loop
 * @param totalRate  requests per second over every agent, or null in closed loop
 */
public record AgentInfo(String tag, Integer agents, Integer agentIndex, Double rateShare, Double totalRate) {

    public AgentInfo {
        if (tag != null && (tag.isBlank() || !tag.chars().allMatch(c -> c > 32 && c < 127 && c != ','))) {
            // HdrHistogram's log puts the tag in a comma-separated line: no spaces, commas or control bytes.
            throw new IllegalArgumentException("a tag is printable ASCII without spaces or commas: '" + tag + "'");
        }
        if (agents != null && agents < 1) {
            throw new IllegalArgumentException("agents must be at least 1");
        }
        if (agentIndex != null && (agentIndex < 0 || (agents != null && agentIndex >= agents))) {
            throw new IllegalArgumentException("agent index must be between 0 and agents - 1");
        }
        if (rateShare != null && !(rateShare > 0 && rateShare <= 1)) {
            throw new IllegalArgumentException("a rate share is a fraction in (0, 1]");
        }
    }

    /** This agent's rate: its share of the total, or 0 (closed loop) without a total. */
    public double rate() {
        return totalRate == null || rateShare == null ? 0 : totalRate * rateShare;
    }

    /** One line for the text summary: {@code Agent agent-1 (2 of 3), 1000 of 3000 requests/s}. */
    public String describe() {
        StringBuilder sb = new StringBuilder("Agent ").append(tag == null ? "(no tag)" : tag);
        if (agentIndex != null) {
            sb.append(" (").append(agentIndex + 1);
            if (agents != null) {
                sb.append(" of ").append(agents);
            }
            sb.append(')');
        }
        if (totalRate != null && rateShare != null) {
            sb.append(", ")
                    .append(number(rate()))
                    .append(" of ")
                    .append(number(totalRate))
                    .append(" requests/s");
        }
        return sb.toString();
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.2f", value);
    }
}
