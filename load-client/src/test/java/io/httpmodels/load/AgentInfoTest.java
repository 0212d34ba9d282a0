package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One agent among several, as a value: what it accepts, its rate, its summary line, its JSON object and the
 * start-skew tolerance, without a run (AgentModeTest runs an agent end to end against a server).
 */
class AgentInfoTest {

    @Test
    void theRateIsTheShareOfTheTotalAndZeroWithoutEither() {
        assertEquals(200.0, new AgentInfo("agent-1", 2, 1, 0.5, 400.0).rate());
        assertEquals(0.0, new AgentInfo("a", 2, 1, 0.5, null).rate());
        assertEquals(0.0, new AgentInfo("a", 2, 1, null, 400.0).rate());
    }

    @Test
    void theSummaryLineSaysWhichAgentAndItsShareOfTheRate() {
        assertEquals(
                "Agent agent-1 (2 of 2), 200 of 400 requests/s", new AgentInfo("agent-1", 2, 1, 0.5, 400.0).describe());
        assertEquals(
                "Agent a (1 of 3), 333.33 of 1000 requests/s", new AgentInfo("a", 3, 0, 1.0 / 3, 1000.0).describe());
        assertEquals("Agent a (3)", new AgentInfo("a", null, 2, null, null).describe());
        assertEquals("Agent (no tag)", new AgentInfo(null, null, null, null, null).describe());
        assertEquals("Agent a (1 of 2)", new AgentInfo("a", 2, 0, 0.5, null).describe());
        assertEquals("Agent a", new AgentInfo("a", null, null, null, 10.0).describe());
    }

    @Test
    void theLimitsOfEachFieldAreAcceptedAndOneBeyondIsRefused() {
        new AgentInfo("!~", 1, 0, 1.0, 1.0);
        new AgentInfo("a", 3, 2, Double.MIN_VALUE, null);
        new AgentInfo("a", null, 7, null, null);
        for (String tag : List.of("", " ", "a b", "a,b", "a\tb", "\u007f", "é")) {
            assertThrows(IllegalArgumentException.class, () -> new AgentInfo(tag, null, null, null, null), tag);
        }
        assertThrows(IllegalArgumentException.class, () -> new AgentInfo("a", 0, null, null, null));
        assertThrows(IllegalArgumentException.class, () -> new AgentInfo("a", null, -1, null, null));
        assertThrows(IllegalArgumentException.class, () -> new AgentInfo("a", 3, 3, null, null));
        assertThrows(IllegalArgumentException.class, () -> new AgentInfo("a", null, null, 0.0, null));
        assertThrows(IllegalArgumentException.class, () -> new AgentInfo("a", null, null, 1.0000001, null));
        assertThrows(IllegalArgumentException.class, () -> new AgentInfo("a", null, null, Double.NaN, null));
    }

    @Test
    void theJsonCarriesTheAgentRightAfterTheTool() throws Exception {
        LoadReport report = ReportJsonTest.timedRateReport();
        JsonNode plain = new ObjectMapper().readTree(ReportJson.render(report));
        JsonNode tree =
                new ObjectMapper().readTree(ReportJson.render(report, new AgentInfo("agent-1", 2, 1, 0.5, 400.0)));
        List<String> names = new ArrayList<>();
        tree.fieldNames().forEachRemaining(names::add);
        List<String> expected = new ArrayList<>();
        plain.fieldNames().forEachRemaining(expected::add);
        expected.add(expected.indexOf("tool") + 1, "agent");
        assertEquals(expected, names);
        JsonNode agent = tree.get("agent");
        assertEquals("agent-1", agent.get("tag").asText());
        assertEquals(2, agent.get("agents").asInt());
        assertEquals(1, agent.get("index").asInt());
        assertEquals(0.5, agent.get("rateShare").asDouble());
        assertEquals(400.0, agent.get("totalRate").asDouble());
        assertEquals(plain.get("requests"), tree.get("requests"));
    }

    @Test
    void aStartIsOnTimeWithinAHundredMillisecondsEitherWay() {
        Instant at = Instant.parse("2026-11-30T12:00:00Z");
        assertTrue(new LoadReport.Start(at, 100.0).withinTolerance());
        assertTrue(new LoadReport.Start(at, -100.0).withinTolerance());
        assertTrue(new LoadReport.Start(at, 0.0).withinTolerance());
        assertFalse(new LoadReport.Start(at, 100.5).withinTolerance());
        assertFalse(new LoadReport.Start(at, -100.5).withinTolerance());
        assertFalse(new LoadReport.Start(at, null).withinTolerance());
    }
}
