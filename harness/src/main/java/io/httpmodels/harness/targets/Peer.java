package io.httpmodels.harness.targets;

import io.httpmodels.harness.results.TargetKind;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A reference server {@code compare --with} starts from {@code scripts/peers}: not a model of this project, no
 * simulated work, pinned to the servers' first CPU like the models. nginx is the reference the tables divide by;
 * Go's {@code net/http} and {@code fasthttp} are the servers the fourth article measured, built offline from
 * Debian's packages ({@code scripts/peers/install.sh --go}); where Go is missing, their rows say it did not start
 * and why, and the run goes on.
 */
public enum Peer {
    /** nginx, one worker, {@code /plaintext} only (scripts/peers/nginx.conf.template): the reference. */
    NGINX(
            "nginx",
            TargetKind.NGINX,
            "nginx.sh",
            List.of(),
            false,
            "nginx, 1 worker (scripts/peers/nginx.conf.template): the reference"),
    /** Go's standard {@code net/http} server: a goroutine per connection. */
    GO_NETHTTP(
            "go-nethttp",
            TargetKind.PEER,
            "go.sh",
            List.of("nethttp"),
            true,
            "Go net/http (scripts/peers/go/nethttp): a goroutine per connection, GOMAXPROCS = its cores"),
    /** valyala/fasthttp: a worker pool of goroutines reusing buffers and request objects. */
    GO_FASTHTTP(
            "go-fasthttp",
            TargetKind.PEER,
            "go.sh",
            List.of("fasthttp"),
            true,
            "Go fasthttp (scripts/peers/go/fasthttp): pooled goroutine workers, GOMAXPROCS = its cores");

    private final String label;
    private final TargetKind kind;
    private final String script;
    private final List<String> scriptArguments;
    private final boolean built;
    private final String description;

    Peer(
            String label,
            TargetKind kind,
            String script,
            List<String> scriptArguments,
            boolean built,
            String description) {
        this.label = label;
        this.kind = kind;
        this.script = script;
        this.scriptArguments = scriptArguments;
        this.built = built;
        this.description = description;
    }

    /** Its name as {@code --with} takes it and the tables show it. */
    public String label() {
        return label;
    }

    /** {@link TargetKind#NGINX} for the reference, {@link TargetKind#PEER} for the others. */
    public TargetKind kind() {
        return kind;
    }

    /** Its script's file name under {@code scripts/peers}. */
    String script() {
        return script;
    }

    /** What its script takes after the action ({@code start}, {@code stop}), before the options. */
    List<String> scriptArguments() {
        return scriptArguments;
    }

    /** Whether its script builds it ({@code build}) before it can start: the Go peers, compiled on first use. */
    boolean built() {
        return built;
    }

    /** One line for the reports. */
    public String description() {
        return description;
    }

    /**
     * The peer {@code --with} names.
     *
     * @throws IllegalArgumentException for a name no peer has; the message lists the known ones
     */
    public static Peer of(String label) {
        return Arrays.stream(values())
                .filter(p -> p.label.equals(label))
                .findFirst()
                .orElseThrow(
                        () -> new IllegalArgumentException("--with: no peer '" + label + "'; known peers: " + known()));
    }

    /** The peers' names, comma-separated, for usage messages. */
    public static String known() {
        return Arrays.stream(values()).map(Peer::label).collect(Collectors.joining(", "));
    }
}
