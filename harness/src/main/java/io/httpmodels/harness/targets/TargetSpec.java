package io.httpmodels.harness.targets;

import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.TargetInfo;
import io.httpmodels.harness.results.TargetKind;
import io.httpmodels.load.HttpProtocol;
import io.httpmodels.server.HttpServerModel;

import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What to measure: a model of this project by name, a {@link Peer} (nginx, Go) started from
 * {@code scripts/peers}, or a server already running at a URL ({@code --target NAME=URL}).
 *
 * @param name        the row's name
 * @param kind        {@link TargetKind#MODEL}, {@link TargetKind#NGINX}, {@link TargetKind#PEER} or
 *                    {@link TargetKind#EXTERNAL}
 * @param description one line for the reports
 * @param baseUrl     external only: {@code http://host:port}, without a path
 * @param protocols   what the load client can speak to it ({@link Protocols}); HTTP/1.1 only unless it says more
 */
public record TargetSpec(String name, TargetKind kind, String description, URI baseUrl, Set<HttpProtocol> protocols) {

    public TargetSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        protocols = protocols == null ? Protocols.HTTP_1_1_ONLY : Set.copyOf(protocols);
    }

    /** A target speaking HTTP/1.1 only. */
    public TargetSpec(String name, TargetKind kind, String description, URI baseUrl) {
        this(name, kind, description, baseUrl, Protocols.HTTP_1_1_ONLY);
    }

    /** A model of this project known by name only: measured over HTTP/1.1. */
    public static TargetSpec model(String name, String description) {
        return new TargetSpec(name, TargetKind.MODEL, description, null);
    }

    /** A model of this project, speaking what it declares. */
    public static TargetSpec model(HttpServerModel model) {
        return new TargetSpec(model.name(), TargetKind.MODEL, model.description(), null, Protocols.spokenBy(model));
    }

    /** nginx, the reference. */
    public static TargetSpec nginx() {
        return peer(Peer.NGINX);
    }

    /** A peer started from {@code scripts/peers}, named as {@code --with} names it. */
    public static TargetSpec peer(Peer peer) {
        return new TargetSpec(
                peer.label(),
                peer.kind(),
                peer.description(),
                null,
                peer == Peer.NGINX ? Protocols.ALL : Protocols.HTTP_1_1_ONLY);
    }

    /**
     * Parses {@code NAME=URL} as given to {@code --target}.
     *
     * @throws IllegalArgumentException with a message saying what is wrong
     */
    public static TargetSpec external(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0 || eq == spec.length() - 1) {
            throw new IllegalArgumentException(
                    "--target wants NAME=URL, e.g. tomcat=http://127.0.0.1:8080, got '" + spec + "'");
        }
        String name = spec.substring(0, eq);
        URI uri;
        try {
            uri = URI.create(spec.substring(eq + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--target " + name + ": not a URL: " + spec.substring(eq + 1), e);
        }
        if (!"http".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("--target " + name + ": want http://HOST[:PORT], got " + uri);
        }
        URI base = URI.create("http://" + uri.getRawAuthority());
        return new TargetSpec(name, TargetKind.EXTERNAL, "already running at " + base, base);
    }

    /**
     * Whether this target runs a scenario: foreign servers do no simulated work, so they sit out scenarios that
     * ask for it rather than show figures for a different workload; a target sits out a protocol it does not speak.
     */
    public boolean runs(Scenario scenario) {
        return (scenario.workMillis() == 0 || kind == TargetKind.MODEL) && speaks(scenario);
    }

    /** Whether it speaks the scenario's protocol (h1, h2c, h2). */
    public boolean speaks(Scenario scenario) {
        return protocols.contains(scenario.protocol());
    }

    public TargetInfo info() {
        List<String> spoken = Arrays.stream(HttpProtocol.values())
                .filter(protocols::contains)
                .map(HttpProtocol::id)
                .toList();
        return new TargetInfo(name, kind, description, null, spoken);
    }
}
