package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The load client as one agent of several: a start time, a tag, a share of the total rate. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AgentModeTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return LoadMain.execute(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                args);
    }

    @Test
    void recordsFromTheStartTimeTaggedAtItsShareOfTheRate(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("agent-1.json");
        Path hlog = dir.resolve("agent-1.hlog");
        long startAt = System.currentTimeMillis() + 1500;
        int code;
        try (TestServer server = TestServer.ok()) {
            code = run(
                    server.url("/"),
                    "-c",
                    "2",
                    "-d",
                    "1s",
                    "-R",
                    "400",
                    "--agents",
                    "2",
                    "--agent-index",
                    "1",
                    "--start-at",
                    String.valueOf(startAt),
                    "-q",
                    "--hlog",
                    hlog.toString(),
                    "--json",
                    json.toString());
        }
        JsonNode tree = new ObjectMapper().readTree(Files.readString(json));
        assertEquals(200.0, tree.get("config").get("rate").asDouble(), "half of the total rate");
        assertEquals(
                Instant.ofEpochMilli(startAt).toString(),
                tree.get("config").get("startAt").asText());
        JsonNode agent = tree.get("agent");
        assertEquals("agent-1", agent.get("tag").asText(), "the tag defaults to agent-<index>");
        assertEquals(2, agent.get("agents").asInt());
        assertEquals(1, agent.get("index").asInt());
        assertEquals(0.5, agent.get("rateShare").asDouble());
        assertEquals(400.0, agent.get("totalRate").asDouble());
        double skew = tree.get("start").get("skewMillis").asDouble();
        assertTrue(skew > -1 && skew < 1000, "measured skew " + skew);
        // The exit status follows the measured skew: within 100 ms passes, beyond fails and says so.
        assertEquals(Math.abs(skew) <= 100 ? 0 : 1, code, err.toString(StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("Agent agent-1 (2 of 2), 200 of 400 requests/s"), text);
        assertTrue(text.contains("(start skew)"), text);

        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        long logged = 0;
        long firstStart = Long.MAX_VALUE;
        for (Histogram h = (Histogram) reader.nextIntervalHistogram();
                h != null;
                h = (Histogram) reader.nextIntervalHistogram()) {
            assertEquals("agent-1", h.getTag());
            firstStart = Math.min(firstStart, h.getStartTimeStamp());
            logged += h.getTotalCount();
        }
        assertEquals(tree.get("requests").asLong(), logged);
        // Recording began at the start time (to the millisecond the log keeps), not at launch.
        assertTrue(firstStart >= startAt - 1 && firstStart <= startAt + 100, (firstStart - startAt) + " ms");
        assertTrue(logged >= 100 && logged <= 300, logged + " requests at 200/s for 1 s");
    }

    /**
     * The same agent without a start time, counted rather than timed: its share of the rate, its tag on the log and
     * in the JSON, in a tenth of a second (the timed run above waits for its start time and runs for a second).
     */
    @Test
    void anAgentWithoutAStartTimeRunsAtItsShareAndTagsWhatItWrites(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("agent-1.json");
        Path hlog = dir.resolve("agent-1.hlog");
        try (TestServer server = TestServer.ok()) {
            assertEquals(
                    0,
                    run(
                            server.url("/"),
                            "-c",
                            "2",
                            "-n",
                            "20",
                            "-R",
                            "400",
                            "--agents",
                            "2",
                            "--agent-index",
                            "1",
                            "--hlog",
                            hlog.toString(),
                            "--json",
                            json.toString()),
                    err.toString(StandardCharsets.UTF_8));
        }
        JsonNode tree = new ObjectMapper().readTree(Files.readString(json));
        assertEquals(200.0, tree.get("config").get("rate").asDouble(), "half of the total rate");
        assertEquals(20, tree.get("requests").asLong());
        JsonNode agent = tree.get("agent");
        assertEquals("agent-1", agent.get("tag").asText(), "the tag defaults to agent-<index>");
        assertEquals(2, agent.get("agents").asInt());
        assertEquals(1, agent.get("index").asInt());
        assertEquals(0.5, agent.get("rateShare").asDouble());
        assertEquals(400.0, agent.get("totalRate").asDouble());
        assertTrue(tree.get("start") == null, "no start time, no start object: " + tree.get("start"));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("Agent agent-1 (2 of 2), 200 of 400 requests/s"), text);
        assertTrue(!text.contains("start skew"), text);
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        long logged = 0;
        for (Histogram h = (Histogram) reader.nextIntervalHistogram();
                h != null;
                h = (Histogram) reader.nextIntervalHistogram()) {
            assertEquals("agent-1", h.getTag());
            logged += h.getTotalCount();
        }
        assertEquals(20, logged);
    }

    @Test
    void aStartTimeAlreadyPastFailsSayingByHowMuch(@TempDir Path dir) throws IOException {
        long startAt = System.currentTimeMillis() - 5000;
        Path hlog = dir.resolve("late.hlog");
        try (TestServer server = TestServer.ok()) {
            assertEquals(
                    1,
                    run(
                            server.url("/"),
                            "-c",
                            "1",
                            "-d",
                            "1s",
                            "-q",
                            "--start-at",
                            String.valueOf(startAt),
                            "--hlog",
                            hlog.toString()));
        }
        assertTrue(Files.notExists(hlog), "no log from a run that never started");
        String errors = err.toString(StandardCharsets.UTF_8);
        Matcher m =
                Pattern.compile("missed the start time \\S+ by (\\d+\\.\\d) ms").matcher(errors);
        assertTrue(m.find(), errors);
        double missed = Double.parseDouble(m.group(1));
        assertTrue(missed >= 5000 && missed < 30_000, errors);
    }

    @Test
    void startTimesAreEpochMillisecondsOrIso8601() {
        LoadMain.InstantConverter converter = new LoadMain.InstantConverter();
        assertEquals(Instant.ofEpochMilli(1767225600123L), converter.convert("1767225600123"));
        assertEquals(Instant.parse("2026-01-01T00:00:00Z"), converter.convert("2026-01-01T00:00:00Z"));
        assertEquals(Instant.parse("2026-01-01T00:00:00Z"), converter.convert("2026-01-01T01:00:00+01:00"));
        for (String bad : List.of("", "tomorrow", "2026-01-01", "-5")) {
            assertTrue(
                    assertThrows(picocli.CommandLine.TypeConversionException.class, () -> converter.convert(bad))
                            .getMessage()
                            .contains("is not a time"),
                    bad);
        }
    }

    @Test
    void inconsistentAgentFlagsAreUsageErrors() {
        String far = String.valueOf(System.currentTimeMillis() + 3 * 86_400_000L);
        for (List<String> args : List.of(
                List.of("--agents", "3"),
                List.of("--agents", "3", "--agent-index", "3"),
                List.of("--rate-share", "0.5"),
                List.of("-R", "100", "--rate-share", "1.5"),
                List.of("-R", "100", "--rate-share", "0.5", "--agents", "2", "--agent-index", "0"),
                List.of("--tag", "a b"),
                List.of("--start-at", far))) {
            err.reset();
            String[] all = new String[args.size() + 1];
            all[0] = "http://127.0.0.1:1/";
            for (int i = 0; i < args.size(); i++) {
                all[i + 1] = args.get(i);
            }
            assertEquals(2, run(all), String.join(" ", args));
            assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("load: "), String.join(" ", args));
        }
    }

    @Test
    void theHistogramSettingsAreTheOnesEveryAgentShares() {
        Histogram h = LatencyHistograms.create();
        assertEquals(1, h.getLowestDiscernibleValue());
        assertEquals(3, h.getNumberOfSignificantValueDigits());
        assertTrue(h.getHighestTrackableValue() >= LatencyHistograms.HIGHEST_TRACKABLE_MICROS);
        assertTrue(LatencyHistograms.sameSettings(h, Worker.newHistogram()));
        assertNotNull(LatencyHistograms.settings(h));
        assertTrue(!LatencyHistograms.sameSettings(h, new Histogram(1, 3_600_000_000L, 2)));
    }
}
