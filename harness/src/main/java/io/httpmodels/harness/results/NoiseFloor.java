package io.httpmodels.harness.results;

import java.util.List;

/**
 * How steady the machine was, measured before the cells: a fixed CPU-bound loop timed in chunks on each pinned CPU
 * (the spread of its chunk times is what a cell's figures cannot be surer than), the time the hypervisor took from
 * this guest (steal), whether server and client share a physical core, and the frequency settings. A noisy floor
 * widens every interval; the warnings say so with the numbers.
 *
 * @param cpus         the loop's chunk times on each CPU measured
 * @param stealPercent steal over the run, % of all CPU time; null where /proc/stat is not readable
 * @param smt          whether server and client CPUs are SMT siblings (two hyperthreads of one core), in words
 * @param governor     the CPU frequency governor of the CPUs measured, or null where not readable (most VMs)
 * @param turbo        the turbo/boost state, or null where not readable
 * @param warnings     what makes the floor noisy, with the numbers; empty when nothing does
 */
public record NoiseFloor(
        List<CpuNoise> cpus, Double stealPercent, String smt, String governor, String turbo, List<String> warnings) {

    public NoiseFloor {
        cpus = cpus == null ? List.of() : List.copyOf(cpus);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /**
     * One CPU's calibration.
     *
     * @param cpu       the CPU
     * @param role      {@code server}, {@code client} or {@code both} (not pinned)
     * @param p10Micros the 10th percentile of the loop's chunk times
     * @param p50Micros their median
     * @param p90Micros their 90th percentile
     * @param chunks    chunks timed
     */
    public record CpuNoise(int cpu, String role, double p10Micros, double p50Micros, double p90Micros, int chunks) {

        /** (p90 - p10) / p50, in %: how much the same work's time moved. */
        public double spreadPercent() {
            return p50Micros > 0 ? 100 * (p90Micros - p10Micros) / p50Micros : 0;
        }
    }

    /** The same floor with the steal measured over the whole run and the warnings it adds. */
    public NoiseFloor withSteal(Double percent, List<String> more) {
        List<String> all = new java.util.ArrayList<>(warnings);
        all.addAll(more);
        return new NoiseFloor(cpus, percent, smt, governor, turbo, all);
    }
}
