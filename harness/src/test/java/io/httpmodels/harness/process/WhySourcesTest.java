package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.httpmodels.harness.control.ControlProtocol;
import io.httpmodels.harness.control.JvmStats;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Each source of the why figures against a child of known behaviour ({@link KnownChild}), whose work runs in a
 * thread that starts and ends inside the window: the sources must read back what the child did, that thread
 * included, or say that they cannot.
 */
@Isolated // nothing runs beside it (the harness runs its classes side by side): it counts system calls and context
// switches, and spins threads on one core
@Timeout(120)
class WhySourcesTest {

    private static ChildServer child;
    private static Socket socket;
    private static PrintWriter commands;
    private static BufferedReader answers;

    @BeforeAll
    static void startTheChild() throws Exception {
        assumeTrue(ProcFs.available(), "no /proc here");
        child = start(true, List.of());
        socket = new Socket(InetAddress.getLoopbackAddress(), child.port());
        socket.setSoTimeout(60_000);
        commands = new PrintWriter(new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8), true);
        answers = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        // The first answer loads the channel's classes; the first of each command compiles nothing we count.
        assertNotNull(child.control().stats(Duration.ofSeconds(10)).orElse(null), "the child answers its channel");
        ask(commands, answers, "sleep 10");
    }

    @AfterAll
    static void stopTheChild() throws IOException {
        if (socket != null) {
            socket.close();
        }
        if (child != null) {
            child.close();
        }
    }

    @Test
    void aThreadThatBlocksAndWakesNTimesGivesAboutNVoluntarySwitches() throws IOException {
        int n = 500;
        UsageSampler.Usage usage = window("sleep " + n);
        JvmStats start = usage.jvm().start();
        JvmStats end = usage.jvm().end();
        assertNotNull(start, usage.jvm().note());
        assertNull(end.rusageNote(), end.rusageNote());
        long voluntary = end.voluntarySwitches() - start.voluntarySwitches();
        long involuntary = end.involuntarySwitches() - start.involuntarySwitches();
        // The sleeping thread's n wake-ups, plus the JVM's own threads' few over about half a second.
        assertTrue(voluntary >= n && voluntary <= n + 250, "voluntary " + voluntary);
        assertTrue(involuntary < voluntary / 5, "involuntary " + involuntary + " vs voluntary " + voluntary);
        // /proc's threads lose the thread that ended: what it sees of the rest is far below n.
        ProcessActivity procs = usage.activity();
        assertTrue(procs.voluntarySwitches() < n / 2, "the ended thread is not in /proc: " + procs);
        assertTrue(end.threadsStarted() - start.threadsStarted() >= 1, "the JVM counts the thread it started");
    }

    @Test
    void aChildThatMakesNWriteCallsGivesAtLeastNSystemCalls() throws IOException {
        int n = 3_000;
        UsageSampler.Usage usage = window("write " + n);
        long readWrite = usage.activity().readWriteCalls();
        assertTrue(readWrite >= n && readWrite <= n + 200, "read and write calls " + readWrite);
    }

    @Test
    void perfCountsEveryCallAndSwitchOfThreadsThatStartedAndEndedWhileItCounted() throws IOException {
        assumeTrue(PerfStat.unavailable() == null, PerfStat.unavailable());
        int writes = 3_000;
        int sleeps = 300;
        PerfCounts counts;
        try (PerfStat perf = PerfStat.attach(ProcFs.withDescendants(child.pid()))) {
            perf.enable();
            ask(commands, answers, "write " + writes);
            ask(commands, answers, "sleep " + sleeps);
            perf.disable();
            counts = perf.finish();
        }
        // Every call of every kind, counted exactly: the writes, the sleeps' futex or nanosleep, the socket's.
        assertTrue(counts.syscalls() >= writes + sleeps, counts.toString());
        // By name, a sample (one call in PerfStat.SAMPLE_PERIOD): its share of the exact total.
        double written =
                (double) counts.bySyscall().getOrDefault("write", 0L) * counts.syscalls() / counts.recordedSyscalls();
        assertTrue(
                written >= 0.75 * writes && written <= 1.25 * writes, "write calls about " + written + ": " + counts);
        assertTrue(counts.threadsStarted() >= 2, "the two threads that worked: " + counts);
        assertTrue(
                counts.voluntarySwitches() >= sleeps && counts.voluntarySwitches() <= sleeps + 250, counts.toString());
        assertTrue(counts.contextSwitches() >= counts.voluntarySwitches(), counts.toString());
    }

    @Test
    void aChildThatAllocatesNBytesGivesAboutN() throws IOException {
        long n = 64L << 20;
        UsageSampler.Usage usage = window("alloc " + n);
        long allocated =
                usage.jvm().end().allocatedBytes() - usage.jvm().start().allocatedBytes();
        // Its own arrays, plus what the channel's answers and the socket cost: well under a MiB.
        assertTrue(allocated >= n && allocated <= n + (2L << 20), "allocated " + allocated + " of " + n);
    }

    @Test
    void timeInItsOwnCodeIsUserTime() throws IOException {
        UsageSampler.Usage usage = window("spin 200");
        CpuTimes cpu = usage.activity().cpu();
        assertTrue(cpu.userNanos() >= 170_000_000L, cpu.toString());
        assertTrue(cpu.systemNanos() < cpu.userNanos() / 4, cpu.toString());
    }

    @Test
    void twoThreadsSpinningOnOneCoreEachWaitForIt() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/taskset")), "no taskset to share one core");
        try (ChildServer pinned = start(false, List.of("/usr/bin/taskset", "-c", "0"));
                Socket s = new Socket(InetAddress.getLoopbackAddress(), pinned.port())) {
            s.setSoTimeout(60_000);
            PrintWriter out =
                    new PrintWriter(new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8), true);
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            ask(out, in, "spin 10");
            UsageSampler sampler = UsageSampler.startAt(
                    pinned.pid(),
                    new WindowEdges(true, false, null, null, null),
                    System.nanoTime(),
                    Duration.ofMillis(100));
            assertTrue(sampler.awaitStart(Duration.ofSeconds(10)));
            ask(out, in, "contend 200");
            ProcessActivity activity = sampler.stop().activity();
            // The connection's thread (still alive) waited while the worker ran its 200 ms: about that long, more on
            // a busy machine. The worker ended, so its own wait is lost (CellFigures marks the figure partial).
            assertTrue(activity.runDelayNanos() >= 120_000_000L, activity.toString());
            assertEquals(0, activity.tasksBorn(), "the worker came and went: " + activity);
        }
    }

    @Test
    void aServerWithoutTheChannelHasNoJvmFiguresAndSaysWhy() throws Exception {
        try (ChildServer silent = start(false, List.of())) {
            UsageSampler sampler = UsageSampler.startAt(
                    silent.pid(),
                    new WindowEdges(true, true, silent.control(), null, null),
                    System.nanoTime(),
                    Duration.ofMillis(100));
            assertTrue(sampler.awaitStart(Duration.ofSeconds(10)));
            UsageSampler.Usage usage = sampler.stop();
            assertNull(usage.jvm().start());
            assertNull(usage.jvm().end());
            assertTrue(
                    usage.jvm().note().contains("did not answer"), usage.jvm().note());
            assertTrue(silent.control().silent(), "asked once, never again");
            // What /proc gives needs nothing from the server.
            assertNotNull(usage.activity().cpu());
        }
    }

    @Test
    void aFlameGraphOfTheWindowIsWritten(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("flamegraphs").resolve("cell.html");
        Files.createDirectories(file.getParent());
        assertTrue(child.control()
                .request(ControlProtocol.PROFILER_LOAD, null, Duration.ofSeconds(20))
                .filter(r -> !r.error())
                .isPresent());
        UsageSampler sampler = UsageSampler.startAt(
                child.pid(),
                new WindowEdges(false, false, child.control(), "cpu", file),
                System.nanoTime(),
                Duration.ofMillis(100));
        assertTrue(sampler.awaitStart(Duration.ofSeconds(20)));
        ask(commands, answers, "spin 200");
        UsageSampler.Usage usage = sampler.stop();
        assertNull(usage.profile().note(), usage.profile().note());
        assertTrue(
                List.of("cpu", "ctimer").contains(usage.profile().flameGraphEvent()),
                usage.profile().flameGraphEvent());
        String html = Files.readString(file);
        assertTrue(html.startsWith("<!DOCTYPE html>"), html.substring(0, Math.min(80, html.length())));
        // The spinning thread's frames are in it.
        assertTrue(html.contains("KnownChild"), "the flame graph shows the child's own code");
        String collapsed = Files.readString(dir.resolve("flamegraphs").resolve("cell.collapsed"));
        assertTrue(collapsed.contains("KnownChild.work"), "the same stacks as text");
    }

    @Test
    void withoutPerfTheReasonIsSaid() {
        String why = PerfStat.probe("/nonexistent/perf");
        assertNotNull(why);
        assertTrue(why.startsWith("no perf on this machine"), why);
    }

    /** A window over one command: the sampler reads every edge source while the child does it. */
    private static UsageSampler.Usage window(String command) throws IOException {
        UsageSampler sampler = UsageSampler.startAt(
                child.pid(),
                new WindowEdges(true, true, child.control(), null, null),
                System.nanoTime(),
                Duration.ofMillis(100));
        try {
            assertTrue(sampler.awaitStart(Duration.ofSeconds(10)), "the window began");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        ask(commands, answers, command);
        return sampler.stop();
    }

    private static void ask(PrintWriter out, BufferedReader in, String command) throws IOException {
        out.println(command);
        assertEquals("done", in.readLine(), command);
    }

    private static ChildServer start(boolean control, List<String> prefix) throws ChildServer.StartFailure {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xms64m",
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                KnownChild.class.getName()));
        return ChildServer.start(
                command,
                control ? Map.of(ControlProtocol.ENVIRONMENT, ControlProtocol.STDIN) : Map.of(),
                Duration.ofSeconds(30));
    }
}
