package io.httpmodels.harness.process;

import io.httpmodels.harness.results.NoiseFloor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Measures the machine's noise floor before a run ({@link NoiseFloor}): {@link CpuCalibration} on each pinned CPU,
 * steal from /proc/stat, SMT siblings, governor and turbo from /sys. Each part that cannot be read is left out, never
 * a failure: a run on a machine without /sys still runs.
 */
public final class HostNoise {

    /** Chunks timed per CPU. */
    static final int CHUNKS = 200;

    /** A CPU whose chunk times spread more than this, (p90 - p10) / p50 in %, is noisy. */
    static final double NOISY_SPREAD_PERCENT = 10;

    /** Steal above this share of all CPU time, in %, is noisy. */
    public static final double NOISY_STEAL_PERCENT = 2;

    private static final Duration CALIBRATION_BOUND = Duration.ofSeconds(30);

    private HostNoise() {}

    /** The floor of a run pinned as {@code pinning} says (every online CPU when it is not pinned). */
    public static NoiseFloor measure(Pinning pinning) {
        Map<Integer, String> roles = roles(pinning);
        StealClock steal = StealClock.now();
        List<NoiseFloor.CpuNoise> cpus = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        // Every CPU at once, as a run keeps them all busy: each loop meets what the others do to it.
        Map<Integer, CompletableFuture<NoiseFloor.CpuNoise>> running = new LinkedHashMap<>();
        roles.forEach((cpu, role) -> running.put(cpu, CompletableFuture.supplyAsync(() -> calibrate(cpu, role))));
        running.forEach((cpu, future) -> {
            NoiseFloor.CpuNoise noise = future.join();
            if (noise != null) {
                cpus.add(noise);
                if (noise.spreadPercent() > NOISY_SPREAD_PERCENT) {
                    warnings.add(String.format(
                            Locale.ROOT,
                            "cpu %d (%s): the same work's time spread %.0f %% (p10 %.0f µs, p50 %.0f µs, p90 %.0f µs):"
                                    + " something else runs there, and every interval widens",
                            cpu,
                            noise.role(),
                            noise.spreadPercent(),
                            noise.p10Micros(),
                            noise.p50Micros(),
                            noise.p90Micros()));
                }
            }
        });
        Double stealPercent = steal.percentSince();
        if (stealPercent != null && stealPercent > NOISY_STEAL_PERCENT) {
            warnings.add(stealWarning(stealPercent, "during the calibration"));
        }
        String smt = smt(pinning);
        if (smt.startsWith("siblings")) {
            warnings.add("server and client CPUs are " + smt + ": they share one core's execution units");
        }
        return new NoiseFloor(cpus, stealPercent, smt, governor(roles.keySet()), turbo(), warnings);
    }

    /** Steal above the noisy share as a warning. */
    public static String stealWarning(double percent, String when) {
        return String.format(
                Locale.ROOT,
                "the hypervisor took %.1f %% of the CPU time %s (steal): the host is shared, and every interval"
                        + " widens",
                percent,
                when);
    }

    /** The steal counter of /proc/stat at an instant. */
    public record StealClock(long steal, long total) {

        /** Now, or a clock that reads nothing where /proc/stat is not readable. */
        public static StealClock now() {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/stat"))) {
                    if (line.startsWith("cpu ")) {
                        long[] v = Arrays.stream(line.substring(4).trim().split("\\s+"))
                                .mapToLong(Long::parseLong)
                                .toArray();
                        long total =
                                Arrays.stream(v).limit(Math.min(v.length, 8)).sum();
                        return new StealClock(v.length > 7 ? v[7] : 0, total);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // No /proc: no steal figure.
            }
            return new StealClock(-1, -1);
        }

        /** Steal since this instant, % of all CPU time, or null when not readable. */
        public Double percentSince() {
            StealClock later = now();
            if (total < 0 || later.total < 0 || later.total <= total) {
                return null;
            }
            return 100.0 * (later.steal - steal) / (later.total - total);
        }
    }

    private static Map<Integer, String> roles(Pinning pinning) {
        Map<Integer, String> roles = new LinkedHashMap<>();
        if (pinning.enabled()) {
            pinning.serverCpus().forEach(c -> roles.put(c, "server"));
            pinning.clientCpus().forEach(c -> roles.merge(c, "client", (a, b) -> "both"));
        } else {
            ProcFs.onlineCpus().forEach(c -> roles.put(c, "both"));
        }
        return roles;
    }

    /** The loop on {@code cpu}, or null when it could not run there (no taskset, a JVM that failed). */
    static NoiseFloor.CpuNoise calibrate(int cpu, String role) {
        String classPath = HarnessJvm.current().launch().get(1);
        List<String> command = new ArrayList<>();
        Path taskset = Path.of("/usr/bin/taskset");
        if (Files.isExecutable(taskset)) {
            command.addAll(List.of(taskset.toString(), "-c", String.valueOf(cpu)));
        }
        command.addAll(List.of(
                HarnessJvm.javaBinary(),
                "-Xmx32m",
                "-XX:+UseSerialGC",
                "-cp",
                classPath,
                CpuCalibration.class.getName(),
                String.valueOf(CHUNKS)));
        try {
            Command run = Command.run(command, CALIBRATION_BOUND);
            if (!run.succeeded()) {
                return null;
            }
            double[] micros = run.output()
                    .lines()
                    .filter(l -> !l.startsWith("seed") && !l.isBlank())
                    .mapToDouble(l -> Long.parseLong(l.trim()) / 1e3)
                    .sorted()
                    .toArray();
            if (micros.length == 0) {
                return null;
            }
            return new NoiseFloor.CpuNoise(
                    cpu, role, percentile(micros, 10), percentile(micros, 50), percentile(micros, 90), micros.length);
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }

    /** The {@code p}th percentile of sorted values, by the nearest rank. */
    static double percentile(double[] sorted, double p) {
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** Whether a server CPU and a client CPU are hyperthreads of one core. */
    static String smt(Pinning pinning) {
        if (!pinning.enabled()) {
            return "not pinned";
        }
        for (int server : pinning.serverCpus()) {
            List<Integer> siblings = siblings(server);
            for (int client : pinning.clientCpus()) {
                if (siblings.contains(client)) {
                    return "siblings (cpu " + server + " and cpu " + client + ")";
                }
            }
        }
        return "separate cores";
    }

    private static List<Integer> siblings(int cpu) {
        Path list = Path.of("/sys/devices/system/cpu/cpu" + cpu + "/topology/thread_siblings_list");
        try {
            return CpuList.parse(Files.readString(list).trim());
        } catch (IOException | IllegalArgumentException e) {
            return List.of(cpu);
        }
    }

    private static String governor(java.util.Collection<Integer> cpus) {
        List<String> seen = new ArrayList<>();
        for (int cpu : cpus) {
            String g = read("/sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor");
            if (g != null && !seen.contains(g)) {
                seen.add(g);
            }
        }
        return seen.isEmpty() ? null : String.join(", ", seen);
    }

    private static String turbo() {
        String noTurbo = read("/sys/devices/system/cpu/intel_pstate/no_turbo");
        if (noTurbo != null) {
            return noTurbo.equals("1") ? "off" : "on";
        }
        String boost = read("/sys/devices/system/cpu/cpufreq/boost");
        if (boost != null) {
            return boost.equals("1") ? "on" : "off";
        }
        return null;
    }

    private static String read(String path) {
        try {
            return Files.readString(Path.of(path)).trim();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
