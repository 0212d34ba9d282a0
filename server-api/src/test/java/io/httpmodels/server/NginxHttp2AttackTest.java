package io.httpmodels.server;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Tag;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * nginx, the peer, against every attack of the {@link Http2AttackKit}: started by {@code scripts/peers/nginx.sh
 * --h2c} (one worker, its HTTP/2 limits at their defaults), its resident set and CPU those of its master and worker
 * together. In the slow set; skipped without nginx, except under {@code CI=true} ({@code scripts/peers/install.sh}
 * installs it). The kit's {@code ZERO_WINDOW} asks nginx's 404 of {@code /echo}, a route it does not serve: a small
 * answer, still unsendable.
 */
@Tag("slow")
class NginxHttp2AttackTest extends Http2AttackKit {

    private static final String LABEL = "nginx";

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(LABEL));
    }

    @Override
    protected Duration attackLength() {
        return Duration.ofSeconds(5);
    }

    @Override
    protected Duration closeWait() {
        return Duration.ofSeconds(3);
    }

    @Override
    protected Target start(ModelUnderTest model) throws IOException {
        return startNginx();
    }

    /**
     * Starts nginx as {@code scripts/peers/nginx.sh --h2c} does, on a free loopback port; skips the caller's test
     * without nginx, except under {@code CI=true}. {@link NginxHttp2ConformanceTest} starts its peer here too.
     */
    static NginxTarget startNginx() throws IOException {
        Path script = repositoryRoot().resolve("scripts/peers/nginx.sh");
        assumeTrue(
                "true".equals(System.getenv("CI"))
                        || isOnPath("nginx")
                        || Files.isExecutable(Path.of("/usr/sbin/nginx")),
                "nginx is not installed");
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        String last = run(List.of(script.toString(), "start", "--port", String.valueOf(port), "--h2c"));
        // "127.0.0.1:PORT PID", the last line
        String[] lines = last.strip().split("\n");
        long master = Long.parseLong(lines[lines.length - 1].split(" ")[1]);
        return new NginxTarget(script, port, master);
    }

    /** nginx's master and its workers: their resident sets and CPU times summed. */
    record NginxTarget(Path script, int port, long master) implements Target {

        @Override
        public long rssKiB() throws IOException {
            long sum = 0;
            for (long pid : processes()) {
                sum += statusKiB(pid);
            }
            return sum;
        }

        @Override
        public long cpuMillis() throws IOException {
            long sum = 0;
            for (long pid : processes()) {
                String[] fields = statFields(pid);
                if (fields.length > 12) {
                    sum += (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
                }
            }
            return sum;
        }

        @Override
        public boolean isAlive() {
            return Files.exists(Path.of("/proc", String.valueOf(master)));
        }

        @Override
        public void close() throws IOException {
            run(List.of(script.toString(), "stop", "--port", String.valueOf(port)));
        }

        /** The master and every process whose parent it is (its worker, and one it starts again). */
        private List<Long> processes() throws IOException {
            List<Long> pids = new ArrayList<>(List.of(master));
            try (Stream<Path> proc = Files.list(Path.of("/proc"))) {
                for (Path dir : proc.toList()) {
                    String name = dir.getFileName().toString();
                    if (name.chars().allMatch(Character::isDigit)) {
                        String[] fields = statFields(Long.parseLong(name));
                        // after the command: state, then the parent's pid
                        if (fields.length > 1 && fields[1].equals(String.valueOf(master))) {
                            pids.add(Long.parseLong(name));
                        }
                    }
                }
            }
            return pids;
        }

        // A process may end between the listing and the read: it then counts for nothing.
        private static String[] statFields(long pid) {
            try {
                String stat = Files.readAllLines(Path.of("/proc", String.valueOf(pid), "stat"))
                        .get(0);
                return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            } catch (IOException | IndexOutOfBoundsException e) {
                return new String[0];
            }
        }

        private static long statusKiB(long pid) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                    if (line.startsWith("VmRSS:")) {
                        return Long.parseLong(line.substring("VmRSS:".length())
                                .replace("kB", "")
                                .strip());
                    }
                }
            } catch (IOException e) {
                // gone
            }
            return 0;
        }
    }

    private static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isExecutable(dir.resolve("scripts/peers/nginx.sh"))) {
                return dir;
            }
        }
        throw new AssertionError(
                "no scripts/peers/nginx.sh above " + Path.of("").toAbsolutePath());
    }

    private static boolean isOnPath(String program) {
        String path = System.getenv("PATH");
        return path != null
                && Arrays.stream(path.split(File.pathSeparator))
                        .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
    }

    /**
     * Runs {@code command} to its end (bounded); it must exit 0. Returns what it printed, through a file: the nginx it
     * starts outlives it and must hold no pipe of ours.
     */
    private static String run(List<String> command) throws IOException {
        Path output = Files.createTempFile("nginx-sh", ".out");
        try {
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(command + " did not finish in 30 s");
            }
            String text = Files.readString(output, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IOException(command + " failed: " + text);
            }
            return text;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            Files.deleteIfExists(output);
        }
    }
}
