package io.httpmodels.harness.regress;

import java.util.List;

/**
 * One side of the comparison: a build of the harness that can start any model with {@code serve}.
 *
 * @param name       {@code base} or {@code candidate} (or {@code nginx} for the calibration)
 * @param launch     what follows {@code java} and the JVM flags to run that build's CLI: {@code -cp PATH MAIN}
 *                   or {@code -jar JAR}
 * @param extraFlags JVM flags for this side's servers beyond the common ones (a deliberate slowdown, say)
 * @param what       what it is, in words
 */
public record Contender(String name, List<String> launch, List<String> extraFlags, String what) {

    public Contender {
        launch = List.copyOf(launch);
        extraFlags = List.copyOf(extraFlags);
    }

    /** The nginx calibration of the baseline mode: no build of ours, started from scripts/peers. */
    public static Contender nginx() {
        return new Contender("nginx", List.of(), List.of(), "nginx, 1 worker (scripts/peers): the calibration");
    }

    public boolean isNginx() {
        return launch.isEmpty();
    }
}
