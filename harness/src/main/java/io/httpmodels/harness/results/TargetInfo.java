package io.httpmodels.harness.results;

/**
 * One row of every table: a server model of this project or a foreign server.
 *
 * @param name        the model's name ({@code netty}) or the name given to a foreign server ({@code nginx})
 * @param kind        what it is and who started it
 * @param description what it is, in one line
 * @param running     what ran, as the server itself said (threads, event loops, transport, work executor): each
 *                    distinct answer of its cells, joined by "; "; null if it never started
 */
public record TargetInfo(String name, TargetKind kind, String description, String running) {

    public TargetInfo withRunning(String value) {
        return new TargetInfo(name, kind, description, value);
    }
}
