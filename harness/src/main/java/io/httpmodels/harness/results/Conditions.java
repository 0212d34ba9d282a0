package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.Objects;

/**
 * What every figure of a run was measured under, so that a number never travels without them.
 *
 * <p>The groups are unwrapped in results.json: their fields stand in the {@code conditions} object itself
 * ({@code "cpuModel"}, {@code "jdk"}, {@code "gitCommit"}, ...), as they always have.
 *
 * @param host      the machine: processor, CPUs online, kernel, load average at the start
 * @param jvms      the JDK and both JVMs' flags
 * @param placement which CPUs the servers and the client were pinned to
 * @param build     this project's version and commit
 * @param schedule  the profile, warm-up, recorded duration and repetitions of every cell
 * @param client    the load client's threads, timeout and client-bound mark
 * @param command   the command line that produced the run
 * @param noiseFloor how steady the machine was: a fixed loop timed on each pinned CPU, steal, SMT, frequency; null
 *                  when not measured (older runs, {@code --no-noise-floor})
 */
public record Conditions(
        @JsonUnwrapped Host host,
        @JsonUnwrapped Jvms jvms,
        @JsonUnwrapped CpuPlacement placement,
        @JsonUnwrapped Build build,
        @JsonUnwrapped Schedule schedule,
        @JsonUnwrapped ClientSettings client,
        String command,
        @JsonInclude(JsonInclude.Include.NON_NULL) NoiseFloor noiseFloor) {

    public Conditions {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(jvms, "jvms");
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(build, "build");
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(client, "client");
    }

    /** The same conditions with the machine's noise floor. */
    public Conditions withNoiseFloor(NoiseFloor value) {
        return new Conditions(host, jvms, placement, build, schedule, client, command, value);
    }
}
