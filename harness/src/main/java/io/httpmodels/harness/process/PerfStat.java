package io.httpmodels.harness.process;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * Linux's {@code perf stat} attached to a running process (and its child processes), counting every system call
 * (and the most telling ones by name), context switches, CPU migrations and thread starts over exactly the time
 * between {@link #enable()} and {@link #disable()}: perf starts with its counters off and is switched through its
 * control FIFO ({@code --control fifo:}), so attaching takes no part of the counted time.
 *
 * <p>Counting is not free: each system call of the counted process pays for the tracepoint (about 130 ns on a
 * 2-vCPU VM), and every context switch of its threads pays for swapping their counters (about 350 ns), for as long
 * as perf is attached, enabled or not. The measuring step therefore counts over an unrecorded chunk of load, never
 * over a measured window.
 *
 * <pre>{@code
 * try (PerfStat perf = PerfStat.attach(List.of(pid))) {
 *     perf.enable();
 *     ... the load ...
 *     perf.disable();
 *     PerfCounts counts = perf.finish();
 * }
 * }</pre>
 *
 * <p>Needs {@code perf} (Debian's {@code linux-perf}) and the right to trace the process's system calls (root,
 * or {@code perf_event_paranoid} at -1); {@link #unavailable()} says why not. One thread drives a session.
 */
public final class PerfStat implements AutoCloseable {

    /**
     * The system calls counted by name: those a server makes per request or per connection, with any model of
     * this project or nginx (blocking sockets, epoll, io_uring, threads, timers). Names the running kernel has no
     * tracepoint for are left out.
     */
    static final List<String> SYSCALLS = List.of(
            "read",
            "write",
            "readv",
            "writev",
            "pread64",
            "pwrite64",
            "recvfrom",
            "sendto",
            "recvmsg",
            "sendmsg",
            "recvmmsg",
            "sendmmsg",
            "sendfile64",
            "accept",
            "accept4",
            "connect",
            "close",
            "shutdown",
            "socket",
            "setsockopt",
            "getsockopt",
            "getsockname",
            "getpeername",
            "fcntl",
            "ioctl",
            "poll",
            "ppoll",
            "epoll_wait",
            "epoll_pwait",
            "epoll_pwait2",
            "epoll_ctl",
            "io_uring_enter",
            "futex",
            "sched_yield",
            "nanosleep",
            "clock_nanosleep",
            "mmap",
            "munmap",
            "mprotect",
            "madvise",
            "clone",
            "clone3",
            "exit",
            "rt_sigprocmask",
            "openat",
            "newfstatat",
            "fstat",
            "lseek");

    /** The most threads a session attaches to: perf opens every counter once per thread. */
    public static final int MAX_THREADS = 1_000;

    private static final String SYSCALL_EVENT = "raw_syscalls:sys_enter";
    private static final String SWITCHES = "context-switches";
    private static final String MIGRATIONS = "cpu-migrations";
    private static final String FORKS = "sched:sched_process_fork";
    private static final String SCHED_SWITCH = "sched:sched_switch";
    /** A switch whose previous task is not runnable: it went to sleep (getrusage's voluntary switch). */
    private static final String SLEEPING = "prev_state&255";

    private static final Path TRACEFS = Path.of("/sys/kernel/tracing/events/syscalls");
    private static final Duration ANSWER = Duration.ofSeconds(10);
    private static volatile String unavailable;
    private static volatile boolean probed;

    private final Process perf;
    private final Path dir;
    private final Path output;
    private final RandomAccessFile control;
    private final RandomAccessFile ack;
    private final List<String> syscallNames;
    private boolean finished;

    private PerfStat(
            Process perf,
            Path dir,
            Path output,
            RandomAccessFile control,
            RandomAccessFile ack,
            List<String> syscallNames) {
        this.perf = perf;
        this.dir = dir;
        this.output = output;
        this.control = control;
        this.ack = ack;
        this.syscallNames = syscallNames;
    }

    /**
     * Why perf cannot count here ({@code perf} missing, not allowed to trace system calls), or null when it can.
     * Found out once per JVM, by counting a short command.
     */
    public static String unavailable() {
        if (!probed) {
            synchronized (PerfStat.class) {
                if (!probed) {
                    unavailable = probe();
                    probed = true;
                }
            }
        }
        return unavailable;
    }

    /**
     * Attaches perf, its counters off, to {@code pids}' threads (and the threads they start from now on).
     *
     * @throws IOException when perf cannot attach; the message says why
     */
    public static PerfStat attach(List<Long> pids) throws IOException {
        String why = unavailable();
        if (why != null) {
            throw new IOException(why);
        }
        int threads = pids.stream()
                .mapToInt(ProcFs::taskCount)
                .map(n -> Math.max(n, 0))
                .sum();
        if (threads > MAX_THREADS) {
            throw new IOException(threads + " threads: perf would open " + threads + " counters of each kind; at most "
                    + MAX_THREADS + " threads are counted");
        }
        Path dir = Files.createTempDirectory("httpmodels-perf");
        Path ctl = dir.resolve("control");
        Path ackFifo = dir.resolve("ack");
        Command made = Command.run(List.of("mkfifo", ctl.toString(), ackFifo.toString()), Duration.ofSeconds(5));
        if (!made.succeeded()) {
            deleteQuietly(dir);
            throw new IOException("mkfifo failed: " + made.output().trim());
        }
        List<String> names = watchedSyscalls();
        Path output = dir.resolve("counts.csv");
        List<String> command = new ArrayList<>(List.of(
                "perf",
                "stat",
                "-x",
                ",",
                "--no-big-num",
                "-D",
                "-1",
                "--control",
                "fifo:" + ctl + "," + ackFifo,
                "-o",
                output.toString(),
                "-e",
                SYSCALL_EVENT + "," + SWITCHES + "," + MIGRATIONS + "," + FORKS,
                "-e",
                SCHED_SWITCH,
                "--filter",
                SLEEPING));
        if (!names.isEmpty()) {
            command.addAll(List.of(
                    "-e", names.stream().map(n -> "syscalls:sys_enter_" + n).collect(Collectors.joining(","))));
        }
        command.addAll(List.of("-p", pids.stream().map(String::valueOf).collect(Collectors.joining(","))));
        Process perf = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("perf.log").toFile())
                .start();
        // Read-write opens of a FIFO never block, whether perf opened its end yet or never will.
        RandomAccessFile control = new RandomAccessFile(ctl.toFile(), "rw");
        RandomAccessFile ack = new RandomAccessFile(ackFifo.toFile(), "rw");
        return new PerfStat(perf, dir, output, control, ack, names);
    }

    /** Turns the counters on; returns once perf says they are. */
    public void enable() throws IOException {
        command("enable");
    }

    /** Turns the counters off; returns once perf says they are. */
    public void disable() throws IOException {
        command("disable");
    }

    /** Ends perf and reads what it counted while enabled. */
    public PerfCounts finish() throws IOException {
        finished = true;
        Command.run(List.of("kill", "-INT", String.valueOf(perf.pid())), Duration.ofSeconds(5));
        try {
            if (!perf.waitFor(ANSWER.toSeconds(), TimeUnit.SECONDS)) {
                throw new IOException("perf did not end within " + ANSWER.toSeconds() + " s of SIGINT");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while perf ended", e);
        }
        return parse(Files.readAllLines(output, StandardCharsets.UTF_8), syscallNames);
    }

    /** Stops perf if it still runs and removes its files. Idempotent. */
    @Override
    public void close() {
        if (perf.isAlive()) {
            perf.destroyForcibly();
            try {
                perf.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            control.close();
            ack.close();
        } catch (IOException e) {
            // Temporary FIFOs: removed below either way.
        }
        deleteQuietly(dir);
    }

    private void command(String word) throws IOException {
        if (finished || !perf.isAlive()) {
            throw new IOException("perf is not running" + log());
        }
        control.write((word + "\n").getBytes(StandardCharsets.US_ASCII));
        CompletableFuture<String> answer = new CompletableFuture<>();
        Thread reader = new Thread(() -> answer.complete(readAck()), "perf-ack");
        reader.setDaemon(true); // left blocked only if perf never answers; closing the FIFO's files ends it then
        reader.start();
        try {
            String reply = answer.get(ANSWER.toMillis(), TimeUnit.MILLISECONDS);
            if (!reply.startsWith("ack")) {
                throw new IOException("perf answered '" + reply + "' to " + word + log());
            }
        } catch (TimeoutException e) {
            throw new IOException(
                    "perf did not acknowledge '" + word + "' within " + ANSWER.toSeconds() + " s" + log());
        } catch (ExecutionException e) {
            throw new IOException("cannot read perf's answer: " + e.getCause() + log());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for perf");
        }
    }

    /** One answer from the ack FIFO: perf writes {@code ack\n} and a NUL. */
    private String readAck() {
        StringBuilder text = new StringBuilder();
        try {
            int c;
            while ((c = ack.read()) > 0) {
                text.append((char) c);
            }
        } catch (IOException e) {
            return "";
        }
        return text.toString().trim();
    }

    private String log() {
        try {
            String text = Files.readString(dir.resolve("perf.log")).trim();
            return text.isEmpty() ? "" : ": " + text.replace('\n', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    /** Reads perf's CSV output ({@code -x ,}): one line per event, the count first and the event's name third. */
    static PerfCounts parse(List<String> lines, List<String> syscallNames) throws IOException {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String line : lines) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split(",");
            if (f.length < 3) {
                continue;
            }
            long value;
            try {
                value = Long.parseLong(f[0].trim());
            } catch (NumberFormatException e) {
                throw new IOException("perf did not count " + f[2] + ": " + f[0]);
            }
            counts.put(f[2].trim(), value);
        }
        for (String required : List.of(SYSCALL_EVENT, SWITCHES, MIGRATIONS, FORKS, SCHED_SWITCH)) {
            if (!counts.containsKey(required)) {
                throw new IOException("perf's output has no " + required + ": " + String.join(" | ", lines));
            }
        }
        Map<String, Long> bySyscall = new LinkedHashMap<>();
        for (String name : syscallNames) {
            Long n = counts.get("syscalls:sys_enter_" + name);
            if (n != null && n > 0) {
                bySyscall.put(name, n);
            }
        }
        return new PerfCounts(
                counts.get(SYSCALL_EVENT),
                bySyscall,
                counts.get(SWITCHES),
                counts.get(SCHED_SWITCH),
                counts.get(MIGRATIONS),
                counts.get(FORKS));
    }

    private static List<String> watchedSyscalls() {
        return SYSCALLS.stream()
                .distinct()
                .filter(name -> Files.isDirectory(TRACEFS.resolve("sys_enter_" + name)))
                .toList();
    }

    private static String probe() {
        return probe("perf");
    }

    /** Why the perf binary {@code perf} cannot count system calls here, or null when it can. */
    static String probe(String perf) {
        try {
            Command done = Command.run(
                    List.of(perf, "stat", "-x", ",", "-e", SYSCALL_EVENT + "," + SWITCHES, "--", "true"),
                    Duration.ofSeconds(20));
            if (!done.succeeded()) {
                return "perf cannot count system calls here: "
                        + done.output().trim().replace('\n', ' ');
            }
            for (String line : done.output().split("\n")) {
                if (line.contains(SYSCALL_EVENT)
                        && !Character.isDigit(line.trim().charAt(0))) {
                    return "perf cannot count system calls here: " + line.trim();
                }
            }
            return null;
        } catch (IOException e) {
            return "no perf on this machine (scripts/lib/install-perf.sh installs it): " + e.getMessage();
        }
    }

    private static void deleteQuietly(Path dir) {
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // A temporary folder left behind is harmless.
        }
    }
}
