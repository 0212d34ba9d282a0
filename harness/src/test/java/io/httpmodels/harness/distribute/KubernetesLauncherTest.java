package io.httpmodels.harness.distribute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.ContainerStateBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The launcher against fabric8's mock API server in CRUD mode. The mock stores the Job but runs no controller,
 * so each test plays the Job controller and the kubelet: it creates the agents' pods with their completion
 * index, moves them through their phases and serves their logs; the launcher's listener tells the test when
 * it has seen each step, so nothing here sleeps.
 */
@Timeout(60)
// Nothing runs beside it: beside the classes that load both cores (CapacityTest's climb) the in-process mock API server
// missed the client's request timeout (an updateStatus, TimeoutException; stop 36 under helpers' load, and a
// 2026-12-05 check beside CapacityTest).
@Isolated
class KubernetesLauncherTest {

    private static final String NS = "bench";
    private static final Duration BOUND = Duration.ofSeconds(20);

    @TempDir
    Path out;

    private KubernetesMockServer server;
    private KubernetesClient client;
    private ExecutorService executor;
    private final LinkedBlockingQueue<String> events = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();
    private final List<List<Path>> merged = new ArrayList<>();
    /** The launcher's clock: it moves only when a test moves it, so the start bounds are exact, whatever the load. */
    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-30T19:00:00Z"));

    @BeforeEach
    void startTheMockServer() {
        // CRUD mode (the mixed dispatcher: stored objects, plus the log expectations each test adds), plain HTTP.
        Map<ServerRequest, Queue<ServerResponse>> expectations = new HashMap<>();
        server = new KubernetesMockServer(
                new Context(), new MockWebServer(), expectations, new KubernetesMixedDispatcher(expectations), false);
        server.init();
        client = server.createClient();
        executor = Executors.newSingleThreadExecutor();
    }

    @AfterEach
    void stopIt() {
        executor.shutdownNow();
        client.close();
        server.destroy();
    }

    @Test
    void pendingThenRunningThenSucceededCollectsEveryAgentsFilesMergesThemAndDeletesTheJob() throws Exception {
        JobPlan plan = plan(3, clock.instant().plusSeconds(30));
        Future<Integer> run = launch(plan, Duration.ofSeconds(10));
        awaitEvent("created " + plan.jobName());

        Job job = client.batch()
                .v1()
                .jobs()
                .inNamespace(NS)
                .withName(plan.jobName())
                .get();
        assertNotNull(job, "the Job is on the API server while the agents run");
        assertEquals("Indexed", job.getSpec().getCompletionMode());
        assertEquals(3, job.getSpec().getParallelism());

        for (int i = 0; i < 3; i++) {
            awaitEvent(i + " PENDING");
        }
        List<Pod> pods = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            pods.add(createPod(plan, i, "Pending"));
        }
        for (int i = 0; i < 3; i++) {
            setPhase(pods.get(i), "Running", null);
            awaitEvent(i + " RUNNING");
        }
        for (int i = 0; i < 3; i++) {
            serveLog(pods.get(i), agentLog(i));
            setPhase(pods.get(i), "Succeeded", 0);
        }

        assertEquals(0, run.get(BOUND.toSeconds(), TimeUnit.SECONDS));
        for (int i = 0; i < 3; i++) {
            assertEquals(List.of(i + " PENDING", i + " RUNNING", i + " SUCCEEDED"), seenBy(i));
            assertEquals(hlog(i), Files.readString(out.resolve("agent-" + i + ".hlog")));
            assertEquals(json(i), Files.readString(out.resolve("agent-" + i + ".json")));
        }
        assertEquals(
                List.of(List.of(out.resolve("agent-0.hlog"), out.resolve("agent-1.hlog"), out.resolve("agent-2.hlog"))),
                merged,
                "the merge gets every agent's interval log, in agent order");
        assertJobDeleted(plan);
    }

    @Test
    void anAgentWhosePodFailsFailsTheRunWithItsExitAndLogAndTheJobIsDeleted() throws Exception {
        JobPlan plan = plan(2, clock.instant().plusSeconds(30));
        Future<Integer> run = launch(plan, Duration.ofSeconds(10));
        awaitEvent("created " + plan.jobName());
        Pod ok = createPod(plan, 0, "Running");
        Pod bad = createPod(plan, 1, "Running");
        awaitEvent("1 RUNNING");
        serveLog(bad, "load: missed the start by 240 ms\n");
        setPhase(bad, "Failed", 1);

        LaunchException e = failure(run);
        assertTrue(
                e.getMessage()
                        .startsWith("agent 1 failed: pod " + bad.getMetadata().getName()),
                e.getMessage());
        assertTrue(e.getMessage().contains("container exited 1"), e.getMessage());
        assertTrue(e.getMessage().contains("load: missed the start by 240 ms"), e.getMessage());
        assertTrue(merged.isEmpty());
        assertNotNull(ok);
        assertJobDeleted(plan);
    }

    @Test
    void anAgentWhosePodNeverStartsFailsTheRunOnceTheStartAndGraceHavePassedAndTheJobIsDeleted() throws Exception {
        JobPlan plan = plan(3, clock.instant().plusSeconds(5));
        Future<Integer> run = launch(plan, Duration.ofSeconds(10));
        awaitEvent("created " + plan.jobName());
        createPod(plan, 0, "Running");
        createPod(plan, 1, "Running");
        Pod stuck = createPod(plan, 2, "Pending");
        setWaiting(stuck, "ImagePullBackOff", "Back-off pulling image \"registry/httpmodels-load:0.1\"");
        awaitEvent("0 RUNNING");
        awaitEvent("1 RUNNING");
        // The launcher has seen the waiting reason: the poll that fails below reads it too.
        awaitEvent(
                "detail 2: pod " + stuck.getMetadata().getName() + " is Pending, container waiting: ImagePullBackOff:"
                        + " Back-off pulling image \"registry/httpmodels-load:0.1\"");
        clock.advance(Duration.ofSeconds(14));
        assertFalse(run.isDone(), "still within the start and its grace");

        clock.advance(Duration.ofSeconds(2));
        LaunchException e = failure(run);
        assertTrue(
                e.getMessage()
                        .startsWith("agent 2 never started: pod "
                                + stuck.getMetadata().getName() + " is Pending, container waiting: ImagePullBackOff"),
                e.getMessage());
        assertTrue(e.getMessage().contains("--start-delay"), e.getMessage());
        assertJobDeleted(plan);
    }

    @Test
    void anAgentWithNoPodAtAllNeverStarted() throws Exception {
        JobPlan plan = plan(2, clock.instant());
        Future<Integer> run = launch(plan, Duration.ofMillis(200));
        awaitEvent("created " + plan.jobName());
        createPod(plan, 0, "Running");
        awaitEvent("0 RUNNING");
        clock.advance(Duration.ofSeconds(1));

        LaunchException e = failure(run);
        assertTrue(e.getMessage().startsWith("agent 1 never started: no pod was created"), e.getMessage());
        assertJobDeleted(plan);
    }

    @Test
    void aLogWithoutTheFilesIsAClearErrorAndTheJobIsDeleted() throws Exception {
        JobPlan plan = plan(1, clock.instant().plusSeconds(30));
        Future<Integer> run = launch(plan, Duration.ofSeconds(10));
        awaitEvent("created " + plan.jobName());
        Pod pod = createPod(plan, 0, "Running");
        serveLog(pod, "Running 10s test @ http://server:8080/\n");
        setPhase(pod, "Succeeded", 0);

        LaunchException e = failure(run);
        assertTrue(e.getMessage().contains("printed no whole agent.hlog"), e.getMessage());
        assertJobDeleted(plan);
    }

    @Test
    void interruptedWhileWaitingTheJobIsDeleted() throws Exception {
        JobPlan plan = plan(2, clock.instant().plusSeconds(30));
        Future<Integer> run = launch(plan, Duration.ofSeconds(10));
        awaitEvent("created " + plan.jobName());
        awaitEvent("0 PENDING");
        run.cancel(true);
        awaitEvent("deleted " + plan.jobName());
        assertJobDeleted(plan);
    }

    // ---- the test's cluster: pods, phases and logs as the Job controller and the kubelet would make them ----

    private JobPlan plan(int agents, Instant startAt) {
        return new JobPlan(
                "run-" + agents,
                NS,
                "registry/httpmodels-load:0.1",
                agents,
                startAt,
                Duration.ofMinutes(2),
                List.of("http://server:8080/plaintext", "-c", "40", "-d", "10s"));
    }

    private Future<Integer> launch(JobPlan plan, Duration startGrace) {
        KubernetesLauncher launcher = new KubernetesLauncher(
                client, clock, Duration.ofMillis(20), startGrace, new KubernetesLauncher.Listener() {
                    @Override
                    public void jobCreated(Job job) {
                        record("created " + job.getMetadata().getName());
                    }

                    private final Map<Integer, AgentState> last = new HashMap<>();

                    @Override
                    public void agentChanged(int index, AgentState state, String detail) {
                        if (last.put(index, state) != state) {
                            record(index + " " + state);
                        }
                        record("detail " + index + ": " + detail);
                    }

                    @Override
                    public void jobDeleted(String jobName) {
                        record("deleted " + jobName);
                    }
                });
        AgentMerge merge = (hlogs, dir, mergeOut, mergeErr) -> {
            merged.add(hlogs);
            return 0;
        };
        return executor.submit(() -> launcher.run(
                plan, out, merge, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())));
    }

    private synchronized void record(String event) {
        seen.add(event);
        events.add(event);
    }

    private synchronized List<String> seenBy(int agent) {
        return seen.stream().filter(e -> e.startsWith(agent + " ")).toList();
    }

    private void awaitEvent(String expected) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        synchronized (this) {
            if (seen.contains(expected)) {
                return;
            }
        }
        while (System.nanoTime() < deadline) {
            String event = events.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (expected.equals(event)) {
                return;
            }
        }
        throw new AssertionError("no '" + expected + "' within " + BOUND + "; seen: " + seen);
    }

    private Pod createPod(JobPlan plan, int index, String phase) {
        Pod pod = new PodBuilder()
                .withNewMetadata()
                .withName(plan.jobName() + "-" + index + "-x7k2p")
                .withNamespace(NS)
                .withLabels(Map.of(AgentJob.RUN_LABEL, plan.jobName()))
                .withAnnotations(Map.of(AgentJob.INDEX_ANNOTATION, Integer.toString(index)))
                .endMetadata()
                .withNewStatus()
                .withPhase(phase)
                .endStatus()
                .build();
        return client.pods().inNamespace(NS).resource(pod).create();
    }

    private void setPhase(Pod pod, String phase, Integer exitCode) {
        Pod current = client.pods()
                .inNamespace(NS)
                .withName(pod.getMetadata().getName())
                .get();
        current.getStatus().setPhase(phase);
        if (exitCode != null) {
            current.getStatus()
                    .setContainerStatuses(List.of(new ContainerStatusBuilder()
                            .withName("agent")
                            .withState(new ContainerStateBuilder()
                                    .withNewTerminated()
                                    .withExitCode(exitCode)
                                    .withReason(exitCode == 0 ? "Completed" : "Error")
                                    .endTerminated()
                                    .build())
                            .build()));
        }
        client.pods().inNamespace(NS).resource(current).updateStatus();
    }

    private void setWaiting(Pod pod, String reason, String message) {
        Pod current = client.pods()
                .inNamespace(NS)
                .withName(pod.getMetadata().getName())
                .get();
        current.getStatus()
                .setContainerStatuses(List.of(new ContainerStatusBuilder()
                        .withName("agent")
                        .withState(new ContainerStateBuilder()
                                .withNewWaiting()
                                .withReason(reason)
                                .withMessage(message)
                                .endWaiting()
                                .build())
                        .build()));
        client.pods().inNamespace(NS).resource(current).updateStatus();
    }

    /** The kubelet's log endpoint, whole and tailed (the CRUD mock does not keep logs itself). */
    private void serveLog(Pod pod, String log) {
        String path = "/api/v1/namespaces/" + NS + "/pods/" + pod.getMetadata().getName() + "/log?pretty=false";
        server.expect().get().withPath(path).andReturn(200, log).always();
        server.expect()
                .get()
                .withPath(path + "&tailLines=20")
                .andReturn(200, log)
                .always();
    }

    private static String hlog(int agent) {
        return "#[StartTime: 1764529200.000 (seconds since epoch)]\n" + "Tag=agent-" + agent + ",0.000,1.000,"
                + (100 + agent) + ".000,HISTFAAAAB" + agent + "==\n";
    }

    private static String json(int agent) {
        return "{\n  \"schemaVersion\" : 1,\n  \"tag\" : \"agent-" + agent + "\"\n}\n";
    }

    private static String agentLog(int agent) {
        return "Running 10s test @ http://server:8080/plaintext\n  40 connections\n"
                + AgentLogs.MARKER + "agent.hlog begin -----\n" + hlog(agent)
                + AgentLogs.MARKER + "agent.hlog end -----\n"
                + AgentLogs.MARKER + "agent.json begin -----\n" + json(agent)
                + AgentLogs.MARKER + "agent.json end -----\n";
    }

    private static LaunchException failure(Future<Integer> run) throws InterruptedException, TimeoutException {
        ExecutionException e = assertThrows(ExecutionException.class, () -> run.get(20, TimeUnit.SECONDS));
        return assertInstanceOf(LaunchException.class, e.getCause());
    }

    /** A clock the test sets; read from the launcher's thread. */
    static final class SettableClock extends Clock {
        private final AtomicReference<Instant> now;

        SettableClock(Instant start) {
            now = new AtomicReference<>(start);
        }

        void advance(Duration by) {
            now.updateAndGet(instant -> instant.plus(by));
        }

        @Override
        public Instant instant() {
            return now.get();
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("UTC only");
        }
    }

    private void assertJobDeleted(JobPlan plan) throws InterruptedException {
        awaitEvent("deleted " + plan.jobName());
        assertNull(
                client.batch()
                        .v1()
                        .jobs()
                        .inNamespace(NS)
                        .withName(plan.jobName())
                        .get(),
                "the Job is gone from the API server");
    }
}
