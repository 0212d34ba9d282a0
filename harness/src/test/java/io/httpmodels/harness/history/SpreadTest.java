package io.httpmodels.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.httpmodels.harness.history.SyntheticRuns.Machine;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

/** Past runs' median and range, and where a figure stands in them. */
class SpreadTest {

    @Test
    void theMedianAndRangeOfTheKnownValues() {
        Spread s = Spread.of(Arrays.asList(90.0, null, 110.0, 100.0, 120.0));

        assertEquals(new Spread(105.0, 90.0, 120.0, 4), s);
        assertEquals(Spread.Position.BELOW, s.position(89.9));
        assertEquals(Spread.Position.WITHIN, s.position(90.0));
        assertEquals(Spread.Position.WITHIN, s.position(120.0));
        assertEquals(Spread.Position.ABOVE, s.position(120.1));
        assertEquals(0.8, s.relativeToMedian(84.0), 1e-12);
    }

    @Test
    void nothingKnownIsNoSpread() {
        assertNull(Spread.of(Arrays.asList(null, null)));
        assertNull(Spread.of(List.of()));
    }

    @Test
    void theStepFallsBelowTheRangeOfTheCompareRunsBeforeIt() throws Exception {
        List<HistoryRun> epyc = HistoryRuns.upTo(SyntheticRuns.STEP + 1).stream()
                .filter(r -> r.machine().equals(Machine.EPYC.fingerprint()))
                .toList();
        HistoryRun after = epyc.get(epyc.size() - 1);
        assertEquals(RunKind.COMPARE, after.kind());

        List<Standing> standings = Standing.of(after, epyc.subList(0, epyc.size() - 1));

        Standing netty = find(standings, "netty", Figure.REQUESTS_PER_SECOND);
        assertEquals(Spread.Position.BELOW, netty.position());
        assertEquals(6, netty.past().runs(), "commits 1 to 7 but the regress run of 4");
        assertEquals(
                Spread.Position.ABOVE,
                find(standings, "netty", Figure.CPU_PER_REQUEST).position());
        assertEquals(
                Spread.Position.WITHIN,
                find(standings, "nio-reactor", Figure.REQUESTS_PER_SECOND).position());
    }

    @Test
    void aRegressRunIsHeldAgainstRegressRunsOnly() throws Exception {
        List<HistoryRun> epyc = HistoryRuns.upTo(SyntheticRuns.STEP).stream()
                .filter(r -> r.machine().equals(Machine.EPYC.fingerprint()))
                .toList();
        HistoryRun step = epyc.get(epyc.size() - 1);

        List<Standing> standings = Standing.of(step, epyc.subList(0, epyc.size() - 1));

        Standing netty = find(standings, "netty", Figure.REQUESTS_PER_SECOND);
        assertEquals(new Spread(100_000, 100_000, 100_000, 1), netty.past(), "the regress run of commit 4 only");
        assertEquals(
                List.of(),
                standings.stream().filter(s -> s.figure() == Figure.RSS).toList(),
                "no RSS");
    }

    private static Standing find(List<Standing> standings, String target, Figure figure) {
        return standings.stream()
                .filter(s -> s.target().equals(target) && s.figure() == figure)
                .findFirst()
                .orElseThrow();
    }
}
