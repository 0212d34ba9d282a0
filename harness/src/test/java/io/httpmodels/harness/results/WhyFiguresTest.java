package io.httpmodels.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

class WhyFiguresTest {

    static WhyFigures cell(double user, Double rq, double read, long gc) {
        return new WhyFigures(
                new WhyFigures.CpuSplit(user, 2.0, FigureSource.complete("/proc/PID/stat")),
                new WhyFigures.Switches(1.0, 0.1, FigureSource.complete("getrusage")),
                new WhyFigures.Syscalls(
                        4.0,
                        FigureSource.complete("perf"),
                        List.of(new SyscallRate("read", read), new SyscallRate("write", 1.0)),
                        3.0),
                new WhyFigures.RunQueueWait(
                        rq, rq == null ? FigureSource.absent("no schedstat") : FigureSource.complete("schedstat")),
                new WhyFigures.ThreadTurnover(0, 0),
                null,
                new JvmFigures(
                        100.0,
                        gc,
                        gc,
                        0.5,
                        "PS Scavenge",
                        0L,
                        0L,
                        Map.of("RUNNABLE", 2),
                        FigureSource.complete("jvm"),
                        null,
                        null,
                        null));
    }

    @Test
    void repetitionsGiveTheMedianOfEachFigureThatTheyHave() {
        WhyFigures m =
                WhyFigures.medianOf(List.of(cell(10, 3.0, 2.0, 1), cell(30, null, 4.0, 5), cell(20, 5.0, 3.0, 3)));
        assertEquals(20.0, m.cpu().userMicrosPerRequest());
        assertEquals(4.0, m.runQueue().runQueueWaitMicrosPerRequest(), "the median of the two that have it");
        assertEquals(3L, m.jvm().gcCount());
        assertEquals(new SyscallRate("read", 3.0), m.syscalls().topSyscalls().get(0));
        assertEquals(new SyscallRate("write", 1.0), m.syscalls().topSyscalls().get(1));
    }

    @Test
    void oneRepetitionIsItselfAndNoneIsNothing() {
        WhyFigures one = cell(10, 3.0, 2.0, 1);
        assertSame(one, WhyFigures.medianOf(List.of(one)));
        assertNull(WhyFigures.medianOf(List.of()));
        assertNull(WhyFigures.medianOf(Arrays.asList(null, null)));
    }
}
