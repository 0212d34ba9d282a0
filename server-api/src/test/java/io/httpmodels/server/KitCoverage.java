package io.httpmodels.server;

import java.util.stream.Stream;

/**
 * What a kit class covers beyond the models it runs: the models it leaves out, each with why ({@link NotRun}). Every
 * kit implements it; a module's kit class overrides {@link #notRun()} where the matrix would otherwise have a gap.
 */
public interface KitCoverage {

    /** The models this kit class does not run, each with why: none by default. */
    default Stream<NotRun> notRun() {
        return Stream.empty();
    }
}
