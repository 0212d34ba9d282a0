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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Linux's perf attached to a running process (and its child processes) over exactly the time between
 * {@link #enable()} and {@link #disable()}: {@code perf stat} counts every system call, context switches (and
 * those in which a thread went to sleep), CPU migrations and thread starts; {@code perf record} keeps each system
 * call in {@value #SAMPLE_PERIOD}, which {@code perf trace} then names: the shares of the calls by name. Both start with their counters off
 * and are switched through their control FIFOs ({@code --control fifo:}), so attaching takes no part of the
 * counted time; both inherit their counters into threads started meanwhile, and keep those of threads that ended.
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
     * perf record keeps one system call in this many, for their names: a sample, whose shares name the exact total
     * perf stat counts. A prime, so that a server making the same calls for every request is not sampled at the same
     * call each time; few enough that recording and naming them take a fraction of a second.
     */
    static final int SAMPLE_PERIOD = 23;

    /** The most threads a session attaches to: perf opens every counter once per thread. */
    public static final int MAX_THREADS = 1_000;

    private static final String SYSCALL_EVENT = "raw_syscalls:sys_enter";
    private static final String SWITCHES = "context-switches";
    private static final String MIGRATIONS = "cpu-migrations";
    private static final String FORKS = "sched:sched_process_fork";
    private static final String SCHED_SWITCH = "sched:sched_switch";
    /** A switch whose previous task is not runnable: it went to sleep (getrusage's voluntary switch). */
    private static final String SLEEPING = "prev_state&255";
    /** One line of {@code perf trace -i}: {@code 0.005 ( ): COMM/TID NAME(args) ...}. */
    private static final Pattern TRACE_LINE = Pattern.compile("^\\s*[0-9.]+ \\([^)]*\\): .*?/\\d+ (\\w+)\\(");

    private static final Duration ANSWER = Duration.ofSeconds(10);
    private static volatile String unavailable;
    private static volatile boolean probed;

    private final Path dir;
    private final Perf stat;
    private final Perf record;
    private boolean finished;

    /** One perf process and its control FIFOs. */
    private record Perf(String name, Process process, RandomAccessFile control, RandomAccessFile ack) {}

    private PerfStat(Path dir, Perf stat, Perf record) {
        this.dir = dir;
        this.stat = stat;
        this.record = record;
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
        String targets = pids.stream().map(String::valueOf).collect(Collectors.joining(","));
        Perf stat = null;
        try {
            stat = start(
                    dir,
                    "stat",
                    List.of(
                            "perf",
                            "stat",
                            "-x",
                            ",",
                            "--no-big-num",
                            "-D",
                            "-1",
                            "-o",
                            dir.resolve("counts.csv").toString(),
                            "-e",
                            SYSCALL_EVENT + "," + SWITCHES + "," + MIGRATIONS + "," + FORKS,
                            "-e",
                            SCHED_SWITCH,
                            "--filter",
                            SLEEPING,
                            "-p",
                            targets));
            Perf record = start(
                    dir,
                    "record",
                    List.of(
                            "perf",
                            "record",
                            "-q",
                            "-B",
                            "-N",
                            "-c",
                            "1",
                            "-D",
                            "-1",
                            "-e",
                            SYSCALL_EVENT,
                            "-o",
                            dir.resolve("calls.data").toString(),
                            "-p",
                            targets));
            return new PerfStat(dir, stat, record);
        } catch (IOException e) {
            if (stat != null) {
                stop(stat);
            }
            deleteQuietly(dir);
            throw e;
        }
    }

    /** Turns the counters on; returns once both perf processes say they are. */
    public void enable() throws IOException {
        command("enable");
    }

    /** Turns the counters off; returns once both perf processes say they are. */
    public void disable() throws IOException {
        command("disable");
    }

    /** Ends perf and reads what it counted while enabled, the calls by name too. */
    public PerfCounts finish() throws IOException {
        finished = true;
        Command.run(
                List.of(
                        "kill",
                        "-INT",
                        String.valueOf(stat.process().pid()),
                        String.valueOf(record.process().pid())),
                Duration.ofSeconds(5));
        for (Perf p : List.of(stat, record)) {
            try {
                if (!p.process().waitFor(ANSWER.toSeconds(), TimeUnit.SECONDS)) {
                    throw new IOException(
                            "perf " + p.name() + " did not end within " + ANSWER.toSeconds() + " s of SIGINT");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while perf ended", e);
            }
        }
        Map<String, Long> byName = names(dir.resolve("calls.data"));
        return parse(Files.readAllLines(dir.resolve("counts.csv"), StandardCharsets.UTF_8), byName);
    }

    /** Stops perf if it still runs and removes its files. Idempotent. */
    @Override
    public void close() {
        stop(stat);
        stop(record);
        deleteQuietly(dir);
    }

    private static Perf start(Path dir, String name, List<String> perfCommand) throws IOException {
        Path ctl = dir.resolve(name + ".control");
        Path ackFifo = dir.resolve(name + ".ack");
        Command made = Command.run(List.of("mkfifo", ctl.toString(), ackFifo.toString()), Duration.ofSeconds(5));
        if (!made.succeeded()) {
            throw new IOException("mkfifo failed: " + made.output().trim());
        }
        List<String> command = new ArrayList<>(perfCommand.subList(0, 2));
        command.addAll(List.of("--control", "fifo:" + ctl + "," + ackFifo));
        command.addAll(perfCommand.subList(2, perfCommand.size()));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile())
                .start();
        // Read-write opens of a FIFO never block, whether perf opened its end yet or never will.
        return new Perf(
                name, process, new RandomAccessFile(ctl.toFile(), "rw"), new RandomAccessFile(ackFifo.toFile(), "rw"));
    }

    private static void stop(Perf p) {
        if (p.process().isAlive()) {
            p.process().destroyForcibly();
            try {
                p.process().waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            p.control().close();
            p.ack().close();
        } catch (IOException e) {
            // Temporary FIFOs: removed with their folder.
        }
    }

    /** Sends {@code word} to both perf processes at once, then waits for both answers. */
    private void command(String word) throws IOException {
        List<CompletableFuture<String>> answers = new ArrayList<>();
        for (Perf p : List.of(stat, record)) {
            if (finished || !p.process().isAlive()) {
                throw new IOException("perf " + p.name() + " is not running" + log(p));
            }
            p.control().write((word + "\n").getBytes(StandardCharsets.US_ASCII));
            CompletableFuture<String> answer = new CompletableFuture<>();
            Thread reader = new Thread(() -> answer.complete(readAck(p.ack())), "perf-ack");
            reader.setDaemon(true); // left blocked only if perf never answers; closing the FIFO's files ends it then
            reader.start();
            answers.add(answer);
        }
        long deadline = System.nanoTime() + ANSWER.toNanos();
        for (int i = 0; i < answers.size(); i++) {
            Perf p = i == 0 ? stat : record;
            try {
                String reply = answers.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (!reply.startsWith("ack")) {
                    throw new IOException("perf " + p.name() + " answered '" + reply + "' to " + word + log(p));
                }
            } catch (TimeoutException e) {
                throw new IOException("perf " + p.name() + " did not acknowledge '" + word + "' within "
                        + ANSWER.toSeconds() + " s" + log(p));
            } catch (ExecutionException e) {
                throw new IOException("cannot read perf's answer: " + e.getCause() + log(p));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for perf");
            }
        }
    }

    /** One answer from an ack FIFO: perf writes {@code ack\n} and a NUL. */
    private static String readAck(RandomAccessFile ack) {
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

    private String log(Perf p) {
        try {
            String text = Files.readString(dir.resolve(p.name() + ".log")).trim();
            return text.isEmpty() ? "" : ": " + text.replace('\n', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    /** The recorded system calls by name, as {@code perf trace} names their numbers. */
    private static Map<String, Long> names(Path data) throws IOException {
        Path out = data.resolveSibling("calls.txt");
        Process p = new ProcessBuilder("perf", "trace", "-i", data.toString())
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("perf trace did not name the recorded calls within 60 s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while perf trace named the calls", e);
        }
        try (var lines = Files.lines(out, StandardCharsets.UTF_8)) {
            return traceNames(lines.toList());
        }
    }

    /** Counts {@code perf trace -i}'s lines by system call name. */
    static Map<String, Long> traceNames(List<String> lines) {
        Map<String, Long> byName = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher m = TRACE_LINE.matcher(line);
            if (m.find()) {
                byName.merge(m.group(1), 1L, Long::sum);
            }
        }
        return byName;
    }

    /**
     * Reads perf stat's CSV output ({@code -x ,}): one line per event, the count first and the event's name third;
     * {@code byName} are the calls perf record kept, by name.
     */
    static PerfCounts parse(List<String> lines, Map<String, Long> byName) throws IOException {
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
        return new PerfCounts(
                counts.get(SYSCALL_EVENT),
                byName,
                counts.get(SWITCHES),
                counts.get(SCHED_SWITCH),
                counts.get(MIGRATIONS),
                counts.get(FORKS));
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
