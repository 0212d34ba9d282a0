package io.httpmodels.harness.targets;

import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.TargetInfo;
import io.httpmodels.harness.results.TargetKind;

import java.net.URI;
import java.util.Objects;

/**
 * What to measure: a model of this project by name, a {@link Peer} (nginx, Go) started from
 * {@code scripts/peers}, or a server already running at a URL ({@code --target NAME=URL}).
 *
 * @param name        the row's name
 * @param kind        {@link TargetKind#MODEL}, {@link TargetKind#NGINX}, {@link TargetKind#PEER} or
 *                    {@link TargetKind#EXTERNAL}
 * @param description one line for the reports
 * @param baseUrl     external only: {@code http://host:port}, without a path
 */
public record TargetSpec(String name, TargetKind kind, String description, URI baseUrl) {

    public TargetSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
    }

    public static TargetSpec model(String name, String description) {
        return new TargetSpec(name, TargetKind.MODEL, description, null);
    }

    /** nginx, the reference. */
    public static TargetSpec nginx() {
        return peer(Peer.NGINX);
    }

    /** A peer started from {@code scripts/peers}, named as {@code --with} names it. */
    public static TargetSpec peer(Peer peer) {
        return new TargetSpec(peer.label(), peer.kind(), peer.description(), null);
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
     * ask for it rather than show figures for a different workload.
     */
    public boolean runs(Scenario scenario) {
        return scenario.workMillis() == 0 || kind == TargetKind.MODEL;
    }

    public TargetInfo info() {
        return new TargetInfo(name, kind, description, null);
    }
}
