package io.httpmodels.harness.measure;

import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Warmup;
import io.httpmodels.harness.targets.RunningTarget;

/**
 * A target started for one scenario, or why it did not start. Closing it stops what was started.
 *
 * <p>Used by one thread, the one that measures.
 */
public final class MeasuredTarget implements AutoCloseable {

    private final String name;
    private final Scenario scenario;
    private final RunningTarget running;
    private final String failure;
    private Warmup warmup = Warmup.NONE;
    private Counted counted = Counted.NOT_YET;

    MeasuredTarget(String name, Scenario scenario, RunningTarget running, String failure) {
        this.name = name;
        this.scenario = scenario;
        this.running = running;
        this.failure = failure;
    }

    /** The row its cells are under ({@code netty}, or {@code netty@base} in {@code regress}). */
    public String name() {
        return name;
    }

    public Scenario scenario() {
        return scenario;
    }

    /** The running target, or null when it did not start. */
    public RunningTarget running() {
        return running;
    }

    /** Why it did not start, or null. */
    public String failure() {
        return failure;
    }

    /** How it was warmed: {@link Warmup#NONE} until {@link MeasuringStep#warm} ran. */
    public Warmup warmup() {
        return warmup;
    }

    /**
     * Refuses a load this server was not started for: its work per request and header deadline are the server's
     * own flags, as is whether it serves TLS, so only the client's side of a scenario (connections, pipelining,
     * keep-alive, session resumption) may differ.
     */
    void checkServes(Scenario load) {
        if (load.workMillis() != scenario.workMillis() || !servesButForItsWork(load)) {
            throw new IllegalArgumentException("a server started for " + scenario.id() + " cannot serve " + load.id()
                    + ": its work per request, header deadline, TLS and protocol are fixed when it starts");
        }
    }

    /**
     * Whether this server would serve {@code load} with another work per request: the same header deadline, TLS and
     * protocol (nginx's h2c port speaks HTTP/2 alone).
     */
    boolean servesButForItsWork(Scenario load) {
        return load.crowd().headerTimeoutMillis() == scenario.crowd().headerTimeoutMillis()
                && load.isTls() == scenario.isTls()
                && load.protocol() == scenario.protocol();
    }

    void warmed(Warmup value) {
        warmup = value;
    }

    /** What perf counted over the unrecorded chunk after the warm-up ({@link MeasuringStep#count}). */
    Counted counted() {
        return counted;
    }

    void counted(Counted value) {
        counted = value;
    }

    @Override
    public void close() {
        if (running != null) {
            running.close();
        }
    }
}
