package io.httpmodels.harness.history;

import io.httpmodels.harness.results.Conditions;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;

/**
 * The conditions that make two runs' figures comparable: the processor, how many CPUs were online, which CPUs the
 * servers and the client were pinned to, and the JDK. Runs with different fingerprints are never drawn on one
 * line nor judged against each other. Made only from a run's {@link Conditions} ({@link #of}), the one definition.
 *
 * @param cpuModel   the processor, as /proc/cpuinfo names it
 * @param onlineCpus CPUs online on the machine
 * @param serverCpus CPUs the servers were pinned to, or null when not pinned
 * @param clientCpus CPUs the client was pinned to, or null when not pinned
 * @param jdk        vendor, version and VM of the JDK that ran client and servers
 */
public record MachineFingerprint(String cpuModel, int onlineCpus, String serverCpus, String clientCpus, String jdk) {

    public MachineFingerprint {
        Objects.requireNonNull(cpuModel, "cpuModel");
        Objects.requireNonNull(jdk, "jdk");
    }

    /** The fingerprint of the conditions a run recorded. */
    public static MachineFingerprint of(Conditions conditions) {
        return new MachineFingerprint(
                conditions.host().cpuModel() == null
                        ? "unknown CPU"
                        : conditions.host().cpuModel(),
                conditions.host().onlineCpus(),
                conditions.placement().serverCpus(),
                conditions.placement().clientCpus(),
                conditions.jvms().jdk() == null
                        ? "unknown JDK"
                        : conditions.jvms().jdk());
    }

    /**
     * A short stable name, safe as a folder name: the processor and CPU count for a reader, and 8 hex digits of a
     * SHA-256 over every field so that two fingerprints differing in pinning or JDK never share it, e.g.
     * {@code amd-epyc-2cpu-3f9a1c2b}.
     */
    public String id() {
        String slug = cpuModel.toLowerCase(Locale.ROOT)
                .replaceAll("\\(r\\)|\\(tm\\)", "")
                .replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-|-$", "");
        if (slug.length() > 24) {
            slug = slug.substring(0, 24).replaceAll("-$", "");
        }
        String canonical =
                String.join("\n", cpuModel, String.valueOf(onlineCpus), orNone(serverCpus), orNone(clientCpus), jdk);
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8));
            return (slug.isEmpty() ? "cpu" : slug) + "-" + onlineCpus + "cpu-"
                    + HexFormat.of().formatHex(hash, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** In words, e.g. {@code AMD EPYC, 2 CPUs, servers on cpu 0, client on cpu 1, Eclipse Adoptium 25.0.3+9}. */
    public String describe() {
        String pinning = serverCpus == null && clientCpus == null
                ? "not pinned"
                : "servers on cpu " + orNone(serverCpus) + ", client on cpu " + orNone(clientCpus);
        return cpuModel + ", " + onlineCpus + (onlineCpus == 1 ? " CPU, " : " CPUs, ") + pinning + ", " + jdk;
    }

    private static String orNone(String cpus) {
        return cpus == null ? "none" : cpus;
    }
}
