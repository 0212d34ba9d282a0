package io.httpmodels.server;

import java.util.stream.Stream;

/**
 * What a kit class covers beyond the models it runs: the models it leaves out, each with why ({@link NotRun}), and the
 * protocol its cases speak. Every kit implements it; a module's kit class overrides {@link #notRun()} where the matrix
 * would otherwise have a gap.
 */
public interface KitCoverage {

    /** The models this kit class does not run, each with why: none by default. */
    default Stream<NotRun> notRun() {
        return Stream.empty();
    }

    /**
     * The protocol this kit's cases speak to a model: HTTP/1.1 by default (over TLS too), h2c for the HTTP/2 kits.
     * Each record carries it ({@link KitRecord#speaks()}), so the matrix can show a model that does not speak it
     * ({@link KitRecord#protocols()}) as not run, for that reason, in the rows of a kit no class of its module runs.
     */
    default HttpProtocol speaks() {
        return HttpProtocol.HTTP_1_1;
    }
}
