package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * One row of every table: a server model of this project or a foreign server.
 *
 * @param name        the model's name ({@code netty}) or the name given to a foreign server ({@code nginx})
 * @param kind        what it is and who started it
 * @param description what it is, in one line
 * @param running     what ran, as the server itself said (threads, event loops, transport, work executor): each
 *                    distinct answer of its cells, joined by "; "; null if it never started
 * @param protocols   what the load client could speak to it: {@code h1}, {@code h2c}, {@code h2}; null when not
 *                    recorded (every run before HTTP/2, and merged or regress runs), read as HTTP/1.1
 */
public record TargetInfo(
        String name,
        TargetKind kind,
        String description,
        String running,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<String> protocols) {

    public TargetInfo {
        protocols = protocols == null ? null : List.copyOf(protocols);
    }

    /** A target whose protocols are not recorded. */
    public TargetInfo(String name, TargetKind kind, String description, String running) {
        this(name, kind, description, running, null);
    }

    public TargetInfo withRunning(String value) {
        return new TargetInfo(name, kind, description, value, protocols);
    }

    /**
     * Whether it was recorded as not speaking {@code protocol} ({@code h2c}, {@code h2}): its row in such a scenario
     * says so rather than "not run". False when its protocols are not recorded.
     */
    public boolean doesNotSpeak(String protocol) {
        return protocols != null && !protocols.contains(protocol);
    }

    /** What a row of a protocol it does not speak says: {@code HTTP/1.1 only}, or what it does speak. */
    public String speaksOnly() {
        return protocols == null || protocols.equals(List.of("h1"))
                ? "HTTP/1.1 only"
                : "speaks " + String.join(", ", protocols) + " only";
    }
}
