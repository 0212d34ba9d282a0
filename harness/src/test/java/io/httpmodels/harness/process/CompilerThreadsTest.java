package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Isolated;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Lending a pinned JVM's compiler threads the client's CPU, and pinning every thread back, on a real child. */
@Isolated // nothing runs beside it (the harness runs its classes side by side): it times JIT compiler threads, which a
// busy neighbour slows
@Timeout(60)
class CompilerThreadsTest {

    @Test
    void theCompilerThreadsAloneAreLentAndEveryThreadIsPinnedBack() throws Exception {
        Pinning pinning = Pinning.plan(true, null, null);
        assumeTrue(pinning.enabled(), "needs taskset and two CPUs: " + pinning.note());
        try (BusyChild.Running child = BusyChild.start(pinning.serverPrefix(), List.of("-Xmx64m"), 1, 10)) {
            long pid = child.pid();
            assertFalse(CompilerThreads.compilerThreads(pid).isEmpty(), "a HotSpot JVM has compiler threads");
            List<Integer> both = new ArrayList<>(pinning.serverCpus());
            both.addAll(pinning.clientCpus());
            both.sort(Integer::compare);

            assertTrue(CompilerThreads.lend(pid, both));
            for (Path task : tasks(pid)) {
                boolean compiler =
                        comm(task).startsWith("C1 CompilerThre") || comm(task).startsWith("C2 CompilerThre");
                assertEquals(compiler ? both : pinning.serverCpus(), allowed(task), comm(task));
            }

            assertTrue(CompilerThreads.pinAll(pid, pinning.serverCpus()));
            for (Path task : tasks(pid)) {
                assertEquals(pinning.serverCpus(), allowed(task), comm(task));
            }
        }
    }

    @Test
    void theCompilerThreadsAloneAreRaisedAndPutBack() throws Exception {
        try (BusyChild.Running child = BusyChild.start(List.of(), List.of("-Xmx64m"), 1, 10)) {
            long pid = child.pid();
            boolean raised = CompilerThreads.raise(pid);
            assumeTrue(raised, "raising a priority needs root or CAP_SYS_NICE");
            for (Path task : tasks(pid)) {
                boolean compiler =
                        comm(task).startsWith("C1 CompilerThre") || comm(task).startsWith("C2 CompilerThre");
                assertEquals(compiler ? CompilerThreads.RAISED : CompilerThreads.NORMAL, nice(task), comm(task));
            }

            assertTrue(CompilerThreads.renice(pid, CompilerThreads.NORMAL));
            for (Path task : tasks(pid)) {
                assertEquals(CompilerThreads.NORMAL, nice(task), comm(task));
            }
        }
    }

    @Test
    void aProcessWithoutCompilerThreadsIsLeftAlone() {
        assertFalse(CompilerThreads.lend(Long.MAX_VALUE, List.of(0)), "no such process");
        assertFalse(CompilerThreads.raise(Long.MAX_VALUE), "no such process");
    }

    /** A thread's nice value: field 19 of /proc/PID/task/TID/stat, counted after the command's closing parenthesis. */
    private static int nice(Path task) throws IOException {
        String stat = Files.readString(task.resolve("stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(fields[16]);
    }

    private static List<Path> tasks(long pid) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", String.valueOf(pid), "task"))) {
            return tasks.toList();
        }
    }

    private static String comm(Path task) throws IOException {
        return Files.readString(task.resolve("comm")).trim();
    }

    private static List<Integer> allowed(Path task) throws IOException {
        for (String line : Files.readAllLines(task.resolve("status"))) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return CpuList.parse(
                        line.substring("Cpus_allowed_list:".length()).trim());
            }
        }
        throw new AssertionError("no Cpus_allowed_list in " + task);
    }
}
