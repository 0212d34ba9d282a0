package io.httpmodels.harness.compare;

import io.httpmodels.harness.results.TargetInfo;

import java.net.URI;
import java.util.Objects;

/**
 * What to measure: a model of this project by name, nginx started from {@code scripts/peers}, or a server
 * already running at a URL ({@code --target NAME=URL}).
 *
 * @param name        the row's name
 * @param kind        {@link TargetInfo#MODEL}, {@link TargetInfo#NGINX} or {@link TargetInfo#EXTERNAL}
 * @param description one line for the reports
 * @param baseUrl     external only: {@code http://host:port}, without a path
 */
public record TargetSpec(String name, String kind, String description, URI baseUrl) {

    public TargetSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
    }

    public static TargetSpec model(String name, String description) {
        return new TargetSpec(name, TargetInfo.MODEL, description, null);
    }

    public static TargetSpec nginx() {
        return new TargetSpec(
                "nginx", TargetInfo.NGINX, "nginx, 1 worker (scripts/peers/nginx.conf.template): the reference", null);
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
        return new TargetSpec(name, TargetInfo.EXTERNAL, "already running at " + base, base);
    }

    public TargetInfo info() {
        return new TargetInfo(name, kind, description, null);
    }
}
