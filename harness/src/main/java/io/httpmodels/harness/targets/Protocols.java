package io.httpmodels.harness.targets;

import io.httpmodels.load.HttpProtocol;
import io.httpmodels.server.HttpServerModel;

import java.util.EnumSet;
import java.util.Set;

/**
 * The one place the load client's protocols ({@link HttpProtocol}: h1, h2c, h2, what a scenario speaks) meet the
 * servers' ({@link io.httpmodels.server.HttpProtocol}: what a model declares it speaks). The load client does not
 * depend on server-api, so each module names its own; the harness, which has both, maps them here and nowhere else.
 */
public final class Protocols {

    /** What a target speaks when nothing says otherwise: HTTP/1.1. */
    public static final Set<HttpProtocol> HTTP_1_1_ONLY = Set.of(HttpProtocol.H1);

    /** What nginx speaks here: HTTP/1.1, and HTTP/2 once {@code scripts/peers/nginx.sh --h2c} or {@code --h2} asks. */
    public static final Set<HttpProtocol> ALL = Set.of(HttpProtocol.values());

    private Protocols() {}

    /** The server's name for what the client speaks. */
    public static io.httpmodels.server.HttpProtocol served(HttpProtocol client) {
        return switch (client) {
            case H1 -> io.httpmodels.server.HttpProtocol.HTTP_1_1;
            case H2C -> io.httpmodels.server.HttpProtocol.H2C;
            case H2 -> io.httpmodels.server.HttpProtocol.H2;
        };
    }

    /** What the load client can speak to {@code model}: the protocols it declares, in the client's names. */
    public static Set<HttpProtocol> spokenBy(HttpServerModel model) {
        Set<HttpProtocol> spoken = EnumSet.noneOf(HttpProtocol.class);
        for (HttpProtocol p : HttpProtocol.values()) {
            if (model.protocols().contains(served(p))) {
                spoken.add(p);
            }
        }
        return Set.copyOf(spoken);
    }
}
