package io.httpmodels.harness.distribute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

class AgentLogsTest {

    @Test
    void theFilesBetweenMarkersComeBackLineForLineAndTheRunsOwnOutputIsIgnored() {
        String log = "Running 10s test @ http://server:8080/\n"
                + "----- httpmodels file agent.hlog begin -----\n"
                + "#[StartTime: 1700000000.000 (seconds since epoch)]\n"
                + "Tag=agent-1,0.000,1.000,100.000,HISTFAAAA==\n"
                + "----- httpmodels file agent.hlog end -----\n"
                + "some line between\n"
                + "----- httpmodels file agent.json begin -----\n"
                + "{\"schemaVersion\" : 1}\n"
                + "----- httpmodels file agent.json end -----\n";
        Map<String, String> files = AgentLogs.files(log);
        assertEquals(
                Map.of(
                        "agent.hlog",
                        "#[StartTime: 1700000000.000 (seconds since epoch)]\n"
                                + "Tag=agent-1,0.000,1.000,100.000,HISTFAAAA==\n",
                        "agent.json",
                        "{\"schemaVersion\" : 1}\n"),
                files);
    }

    @Test
    void aFileCutOffBeforeItsEndMarkerIsNotCollected() {
        String log = "----- httpmodels file agent.hlog begin -----\nTag=agent-0,0.0\n";
        assertTrue(AgentLogs.file(log, "agent.hlog").isEmpty());
    }

    @Test
    void windowsLineEndsAndAnEmptyFileAreRead() {
        String log = "----- httpmodels file a begin -----\r\nx\r\n----- httpmodels file a end -----\r\n"
                + "----- httpmodels file b begin -----\n----- httpmodels file b end -----\n";
        assertEquals(Map.of("a", "x\n", "b", ""), AgentLogs.files(log));
    }

    /** The image's entry point prints the same markers the launcher reads. */
    @Test
    void theAgentScriptPrintsTheseMarkers() throws Exception {
        Path script = Path.of(System.getProperty("httpmodels.root", ".."), "scale-out/docker/agent.sh");
        String text = Files.readString(script);
        assertTrue(text.contains("'" + AgentLogs.MARKER + "'"), "agent.sh prints " + AgentLogs.MARKER);
        assertTrue(text.contains(AgentJob.ENV_COLLECT), "agent.sh reads " + AgentJob.ENV_COLLECT);
    }
}
