package io.httpmodels.harness.distribute;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The files an agent prints to its standard output after its run, between marker lines, so the launcher
 * collects them from the pod's log: no shared volume (most clusters have no ReadWriteMany storage), nothing
 * left behind once the Job is deleted. {@code scale-out/docker/agent.sh} prints them:
 *
 * <pre>
 * ----- httpmodels file agent.hlog begin -----
 * ...the file's lines...
 * ----- httpmodels file agent.hlog end -----
 * </pre>
 *
 * Both files are text (the interval log's histograms are already Base64), small (a few KB per minute of run),
 * well under the kubelet's default 10 MiB log rotation.
 */
public final class AgentLogs {

    /** Prefix of both marker lines; the file name and {@code begin} or {@code end} follow. */
    public static final String MARKER = "----- httpmodels file ";

    private static final String MARKER_END = " -----";

    private AgentLogs() {}

    /** Every file in a log by name, each with its lines as printed (newline-terminated). */
    public static Map<String, String> files(String log) {
        Map<String, String> files = new LinkedHashMap<>();
        String current = null;
        StringBuilder content = new StringBuilder();
        for (String line : log.split("\r?\n", -1)) {
            if (current == null) {
                if (line.startsWith(MARKER) && line.endsWith(" begin" + MARKER_END)) {
                    current = line.substring(MARKER.length(), line.length() - (" begin" + MARKER_END).length());
                    content.setLength(0);
                }
            } else if (line.equals(MARKER + current + " end" + MARKER_END)) {
                files.put(current, content.toString());
                current = null;
            } else {
                content.append(line).append('\n');
            }
        }
        // A file with no end marker was cut off (the container died mid-print): not collected.
        return files;
    }

    /** One file of a log, if it was printed whole. */
    public static Optional<String> file(String log, String name) {
        return Optional.ofNullable(files(log).get(name));
    }
}
