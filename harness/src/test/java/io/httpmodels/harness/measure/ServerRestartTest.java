package io.httpmodels.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.TlsMode;
import io.httpmodels.harness.targets.ModelJvm;
import io.httpmodels.harness.targets.TargetLauncher;
import io.httpmodels.harness.targets.TargetSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A comparison's scenarios that differ only in their work per request share one JVM: the server is restarted in
 * it, on the same URL, and then does the new work.
 */
@Timeout(120)
class ServerRestartTest {

    private static final int WORK_MILLIS = 200;
    private static final Scenario NO_WORK = Scenario.closedLoop("/plaintext", 0, true, 40, 1);
    private static final Scenario WORK = Scenario.closedLoop("/plaintext", WORK_MILLIS, true, 40, 1);
    private static final ModelJvm JVM = new ModelJvm(HarnessJvm.current(), List.of(), 0, ModelJvm.AUTO_TRANSPORT);
    private static final TargetSpec NETTY = TargetSpec.model("netty", "netty");

    private final MeasuringStep step = new MeasuringStep(
            new TargetLauncher(Pinning.plan(false, null, null), Path.of(".")),
            new MeasureSettings(
                    1,
                    Duration.ofSeconds(1),
                    Pinning.plan(false, null, null),
                    0.95,
                    new WarmupRule(Duration.ZERO, Duration.ZERO)));

    @Test
    void aServerRestartedForMoreWorkKeepsItsJvmAndUrlAndDoesTheWork() throws Exception {
        MeasuredTarget first = step.start(NETTY, "netty", JVM, NO_WORK);
        MeasuredTarget second = first;
        assertEquals(null, first.failure());
        Long pid = first.running().pid();
        try {
            String url = first.running().url("/plaintext");
            assertEquals(200, get(url).statusCode());

            second = step.serving(first, NETTY, JVM, WORK);

            assertNotSame(first, second, "a target for the new scenario");
            assertSame(first.running(), second.running(), "the same JVM");
            assertEquals(WORK, second.scenario());
            assertEquals(url, second.running().url("/plaintext"));
            assertTrue(
                    second.running().running().contains(WORK_MILLIS + " ms work"),
                    second.running().running());
            long start = System.nanoTime();
            HttpResponse<String> answer = get(url);
            long tookMillis = Duration.ofNanos(System.nanoTime() - start).toMillis();
            assertEquals(200, answer.statusCode());
            assertTrue(tookMillis >= WORK_MILLIS, "the new server sleeps " + WORK_MILLIS + " ms: " + tookMillis);
            assertSame(second, step.serving(second, NETTY, JVM, WORK), "the same load: nothing to restart");
        } finally {
            second.close();
        }
        assertTrue(
                first.running().death().isPresent()
                        || !ProcessHandle.of(first.running().pid()).isPresent()
                        || awaitExit(first.running().pid()),
                "closed with the last target");
    }

    @Test
    void aServerThatCannotServeTheLoadButForItsWorkIsStartedAfresh() {
        MeasuredTarget plain = step.start(NETTY, "netty", JVM, NO_WORK);
        MeasuredTarget tls = plain;
        try {
            Long pid = plain.running().pid();
            tls = step.serving(plain, NETTY, JVM, NO_WORK.overTls(TlsMode.FULL));
            assertEquals(null, tls.failure());
            assertTrue(!pid.equals(tls.running().pid()), "another JVM");
            assertTrue(awaitExit(pid), "the first JVM was stopped");
        } finally {
            tls.close();
        }
    }

    private static HttpResponse<String> get(String url) throws Exception {
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(10))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        }
    }

    private static boolean awaitExit(long pid) {
        return ProcessHandle.of(pid)
                .map(p -> p.onExit().completeOnTimeout(p, 30, TimeUnit.SECONDS).join())
                .map(p -> !p.isAlive())
                .orElse(true);
    }
}
