package io.httpmodels.harness.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which CPUs the servers and the load client run on. With two or more CPUs and {@code taskset}, they get
 * disjoint sets (by default the client the last CPU, the servers the others), and every process is started
 * already pinned, so a JVM sizes its pools for the cores it really has.
 *
 * @param serverCpus CPUs for the servers, or null when not pinned
 * @param clientCpus CPUs for the client, or null when not pinned
 * @param note       in words: how client and servers share the machine
 */
public record Pinning(List<Integer> serverCpus, List<Integer> clientCpus, String note) {

    public Pinning {
        serverCpus = serverCpus == null ? null : List.copyOf(serverCpus);
        clientCpus = clientCpus == null ? null : List.copyOf(clientCpus);
    }

    /** No pinning, for the reason given. */
    public static Pinning none(String why) {
        return new Pinning(null, null, "not pinned (" + why + "): client and servers share every CPU");
    }

    /**
     * Plans the pinning.
     *
     * @param wanted     false for {@code --no-pin}
     * @param serverSpec CPU list for the servers, or null for the default
     * @param clientSpec CPU list for the client, or null for the default
     * @throws IllegalArgumentException when a list is malformed, names an offline CPU, or the two overlap
     */
    public static Pinning plan(boolean wanted, String serverSpec, String clientSpec) {
        if (!wanted) {
            return none("--no-pin");
        }
        if (tasksetPath() == null) {
            return none("taskset not found on PATH");
        }
        List<Integer> online = ProcFs.onlineCpus();
        if (online.size() < 2) {
            return none(online.isEmpty() ? "online CPUs unknown" : "one CPU only");
        }
        List<Integer> client = clientSpec != null ? CpuList.parse(clientSpec) : List.of(online.get(online.size() - 1));
        List<Integer> server;
        if (serverSpec != null) {
            server = CpuList.parse(serverSpec);
        } else {
            server = new ArrayList<>(online);
            server.removeAll(client);
        }
        for (List<Integer> set : List.of(client, server)) {
            if (set.isEmpty() || !online.containsAll(set)) {
                throw new IllegalArgumentException(
                        "CPUs " + CpuList.format(set) + " are not all online (online: " + CpuList.format(online) + ")");
            }
        }
        if (server.stream().anyMatch(client::contains)) {
            throw new IllegalArgumentException("server CPUs " + CpuList.format(server) + " and client CPUs "
                    + CpuList.format(client) + " overlap; pinning needs disjoint sets");
        }
        return new Pinning(
                server,
                client,
                "servers on cpu " + CpuList.format(server) + ", client on cpu " + CpuList.format(client)
                        + " (taskset at start)");
    }

    public boolean enabled() {
        return serverCpus != null;
    }

    /** {@code taskset -c LIST} for a server's command, or nothing when not pinned. */
    public List<String> serverPrefix() {
        return prefix(serverCpus);
    }

    /** {@code taskset -c LIST} for the client's command, or nothing when not pinned. */
    public List<String> clientPrefix() {
        return prefix(clientCpus);
    }

    /** Cores the client may use: its set, or every online CPU when not pinned. */
    public int clientCores() {
        if (clientCpus != null) {
            return clientCpus.size();
        }
        return Math.max(1, ProcFs.onlineCpus().size());
    }

    /** Whether this process already runs on exactly the client's CPUs. */
    public boolean selfOnClientCpus() {
        return clientCpus != null && ProcFs.selfAffinity().equals(clientCpus);
    }

    private static List<String> prefix(List<Integer> cpus) {
        return cpus == null ? List.of() : List.of(tasksetPath(), "-c", CpuList.format(cpus));
    }

    private static String tasksetPath() {
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "/usr/bin:/bin" : path).split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "taskset");
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }
}
