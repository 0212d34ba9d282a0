package io.httpmodels.harness.regress;

import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.harness.targets.ModelJvm;
import io.httpmodels.harness.targets.TargetSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * One side of the comparison: a build of the harness that can start any model with {@code serve}, or nginx (the
 * calibration of the baseline mode).
 *
 * @param name       {@code base} or {@code candidate} (or {@code nginx} for the calibration)
 * @param build      the build whose {@code serve} runs this side's models; null for nginx
 * @param extraFlags JVM flags for this side's servers beyond the common ones (a deliberate slowdown, say)
 * @param what       what it is, in words
 */
public record Contender(String name, HarnessJvm build, List<String> extraFlags, String what) {

    public Contender {
        extraFlags = List.copyOf(extraFlags);
    }

    /** The nginx calibration of the baseline mode: no build of ours, started from scripts/peers. */
    public static Contender nginx() {
        return new Contender("nginx", null, List.of(), "nginx, 1 worker (scripts/peers): the calibration");
    }

    public boolean isNginx() {
        return build == null;
    }

    /** What this side starts for a cell. */
    TargetSpec target(RegressCell cell) {
        return isNginx() ? TargetSpec.nginx() : TargetSpec.model(cell.model(), what);
    }

    /** The row this side's windows of a cell are under: {@code netty@base}, {@code nginx}. */
    String rowName(RegressCell cell) {
        return isNginx() ? "nginx" : cell.model() + "@" + name;
    }

    /** How this side's model JVMs start: its build, the common flags, then its own; on {@code transport}. */
    ModelJvm jvm(List<String> serverJvmFlags, String transport) {
        List<String> flags = new ArrayList<>(serverJvmFlags);
        flags.addAll(extraFlags);
        return new ModelJvm(isNginx() ? HarnessJvm.current() : build, flags, 0, transport);
    }
}
