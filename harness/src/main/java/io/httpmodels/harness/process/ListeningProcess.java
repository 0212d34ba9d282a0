package io.httpmodels.harness.process;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the process that listens on a local TCP port, from /proc/net/tcp{,6} and the processes' open sockets,
 * so that a server the harness did not start can still be sampled. Needs permission to read the other
 * processes' fd folders (the same user, or root); answers empty otherwise.
 */
public final class ListeningProcess {

    private static final String LISTEN = "0A";

    private ListeningProcess() {}

    /** The lowest pid among the processes holding a socket that listens on {@code port}, if any is visible. */
    public static Optional<Long> find(int port) {
        Set<String> inodes = new HashSet<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try {
                for (String line : Files.readAllLines(Path.of(table))) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 9 && f[3].equals(LISTEN) && f[1].contains(":")) {
                        int local = Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1), 16);
                        if (local == port) {
                            inodes.add(f[9]);
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                // No such table (no IPv6, no /proc): look in the other.
            }
        }
        if (inodes.isEmpty()) {
            return Optional.empty();
        }
        Long best = null;
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path proc : procs) {
                long pid = Long.parseLong(proc.getFileName().toString());
                if ((best == null || pid < best) && holdsAny(proc, inodes)) {
                    best = pid;
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.ofNullable(best);
        }
        return Optional.ofNullable(best);
    }

    private static boolean holdsAny(Path proc, Set<String> inodes) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(proc.resolve("fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[") && inodes.contains(target.substring(8, target.length() - 1))) {
                        return true;
                    }
                } catch (IOException e) {
                    // Closed meanwhile.
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not ours to read, or gone.
        }
        return false;
    }
}
