package io.httpmodels.harness.results;

/**
 * One row of every table: a server model of this project or a foreign server.
 *
 * @param name        the model's name ({@code netty}) or the name given to a foreign server ({@code nginx})
 * @param kind        {@code model} (started by the harness in its own JVM), {@code nginx} (started by the harness
 *                    from scripts/peers) or {@code external} (already running at a URL)
 * @param description what it is, in one line
 * @param running     what ran, as the server itself said (threads, event loops, transport, work executor): each
 *                    distinct answer of its cells, joined by "; "; null if it never started
 */
public record TargetInfo(String name, String kind, String description, String running) {

    public static final String MODEL = "model";
    public static final String NGINX = "nginx";
    public static final String EXTERNAL = "external";

    public TargetInfo withRunning(String value) {
        return new TargetInfo(name, kind, description, value);
    }
}
