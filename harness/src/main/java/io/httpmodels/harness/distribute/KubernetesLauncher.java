package io.httpmodels.harness.distribute;

import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a {@link JobPlan} on a cluster: creates the Indexed Job, follows its pods until every agent has
 * succeeded, collects each agent's {@code .hlog} and JSON from its pod's log ({@link AgentLogs}), writes them into
 * the output folder and hands the interval logs to the merge. The Job is deleted (pods with it) on every path:
 * success, failure, interruption, and Ctrl-C through a shutdown hook.
 *
 * <p>The pods are followed by listing them every {@code pollEvery}: a bounded loop that also notices what no
 * event announces (a pod that never appears, a start time passed). An agent fails the run when its pod fails;
 * an agent whose pod is not running {@code startGrace} after the shared start never started (an image that
 * cannot be pulled, no node with room): both are errors that name the agent and what Kubernetes said.
 *
 * <p>Not thread-safe: one run at a time.
 */
public final class KubernetesLauncher {

    /** Told what happens, for the progress lines (and for tests to follow the run without polling). */
    public interface Listener {
        default void jobCreated(Job job) {}

        /** An agent's state as first seen, and each time it or what Kubernetes says of its pod changes. */
        default void agentChanged(int index, AgentState state, String detail) {}

        default void jobDeleted(String jobName) {}
    }

    /** The file names each agent's files get in the output folder. */
    static String hlogName(int index) {
        return "agent-" + index + ".hlog";
    }

    static String jsonName(int index) {
        return "agent-" + index + ".json";
    }

    private final KubernetesClient client;
    private final Clock clock;
    private final Duration pollEvery;
    private final Duration startGrace;
    private final Listener listener;

    /**
     * @param client     the cluster (its namespace is not used: the plan names one)
     * @param clock      for the start and time bounds
     * @param pollEvery  how often the pods are listed
     * @param startGrace how long after the shared start a pod may still not be running before its agent counts
     *                   as never started
     */
    public KubernetesLauncher(
            KubernetesClient client, Clock clock, Duration pollEvery, Duration startGrace, Listener listener) {
        this.client = Objects.requireNonNull(client, "client");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.pollEvery = Objects.requireNonNull(pollEvery, "pollEvery");
        this.startGrace = Objects.requireNonNull(startGrace, "startGrace");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /**
     * Runs the plan and merges its agents' files into {@code outDir}.
     *
     * @return the merge's exit status (0 merged)
     * @throws LaunchException      an agent failed or never started, or the run outlived the plan's maxTime
     * @throws InterruptedException interrupted while waiting (the Job is deleted first)
     */
    public int run(JobPlan plan, Path outDir, AgentMerge merge, PrintWriter out, PrintWriter err)
            throws LaunchException, InterruptedException, IOException {
        Objects.requireNonNull(plan.namespace(), "a run needs a namespace");
        Job job = AgentJob.of(plan);
        AtomicBoolean deleted = new AtomicBoolean();
        Thread hook = new Thread(() -> delete(plan, deleted), "delete-job-" + plan.jobName());
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            client.batch()
                    .v1()
                    .jobs()
                    .inNamespace(plan.namespace())
                    .resource(job)
                    .create();
            listener.jobCreated(job);
            Map<Integer, Pod> pods = awaitAgents(plan);
            List<Path> hlogs = collect(plan, pods, outDir);
            return merge.merge(hlogs, outDir, out, err);
        } finally {
            delete(plan, deleted);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // Shutting down (Ctrl-C): the hook runs, and finds the Job already deleted.
            }
        }
    }

    private Map<Integer, Pod> awaitAgents(JobPlan plan) throws LaunchException, InterruptedException {
        Instant started = clock.instant();
        Instant startBound = plan.startAt().plus(startGrace);
        Instant deadline = started.plus(plan.maxTime());
        Map<Integer, AgentState> seen = new HashMap<>();
        Map<Integer, String> seenDetail = new HashMap<>();
        while (true) {
            Map<Integer, Pod> pods = podsByIndex(plan);
            boolean allSucceeded = true;
            for (int i = 0; i < plan.agents(); i++) {
                Pod pod = pods.get(i);
                AgentState state = AgentState.of(pod);
                String detail = AgentState.describe(pod);
                boolean stateChanged = seen.put(i, state) != state;
                boolean detailChanged = !detail.equals(seenDetail.put(i, detail));
                if (stateChanged || detailChanged) {
                    listener.agentChanged(i, state, detail);
                }
                if (state == AgentState.FAILED) {
                    throw new LaunchException(
                            "agent " + i + " failed: " + AgentState.describe(pod) + logTail(plan, pod));
                }
                allSucceeded &= state == AgentState.SUCCEEDED;
            }
            if (allSucceeded) {
                return pods;
            }
            failIfJobFailed(plan);
            Instant now = clock.instant();
            if (now.isAfter(startBound)) {
                for (int i = 0; i < plan.agents(); i++) {
                    if (seen.get(i) == AgentState.PENDING) {
                        throw new LaunchException("agent " + i + " never started: " + AgentState.describe(pods.get(i))
                                + " " + Duration.between(plan.startAt(), now).toMillis()
                                + " ms after the shared start (raise --start-delay if pods need longer to"
                                + " be scheduled and pull the image)");
                    }
                }
            }
            if (now.isAfter(deadline)) {
                throw new LaunchException("the agents did not finish within --max-time " + plan.maxTime());
            }
            Thread.sleep(pollEvery);
        }
    }

    /** The Job's own verdict, e.g. its active deadline exceeded: its pods may be gone by then. */
    private void failIfJobFailed(JobPlan plan) throws LaunchException {
        Job job = client.batch()
                .v1()
                .jobs()
                .inNamespace(plan.namespace())
                .withName(plan.jobName())
                .get();
        if (job == null) {
            throw new LaunchException("the Job " + plan.jobName() + " was deleted by someone else");
        }
        if (job.getStatus() == null || job.getStatus().getConditions() == null) {
            return;
        }
        for (JobCondition condition : job.getStatus().getConditions()) {
            if ("Failed".equals(condition.getType()) && "True".equals(condition.getStatus())) {
                throw new LaunchException("the Job failed: " + condition.getReason() + ": " + condition.getMessage());
            }
        }
    }

    /** The pods of this run by completion index; of two pods with one index (a retry), the later one. */
    private Map<Integer, Pod> podsByIndex(JobPlan plan) {
        Map<Integer, Pod> byIndex = new HashMap<>();
        for (Pod pod : client.pods()
                .inNamespace(plan.namespace())
                .withLabel(AgentJob.RUN_LABEL, plan.jobName())
                .list()
                .getItems()) {
            Map<String, String> annotations = pod.getMetadata().getAnnotations();
            String index = annotations == null ? null : annotations.get(AgentJob.INDEX_ANNOTATION);
            if (index == null || !index.matches("\\d{1,9}")) {
                continue;
            }
            byIndex.merge(Integer.parseInt(index), pod, (a, b) -> created(a).compareTo(created(b)) >= 0 ? a : b);
        }
        return byIndex;
    }

    private static String created(Pod pod) {
        String stamp = pod.getMetadata().getCreationTimestamp();
        return stamp == null ? "" : stamp;
    }

    private List<Path> collect(JobPlan plan, Map<Integer, Pod> pods, Path outDir) throws LaunchException, IOException {
        Files.createDirectories(outDir);
        List<Path> hlogs = new ArrayList<>();
        for (int i = 0; i < plan.agents(); i++) {
            String name = pods.get(i).getMetadata().getName();
            String log = log(plan.namespace(), name, null);
            Map<String, String> files = AgentLogs.files(log);
            String hlog = files.get(fileName(JobPlan.HLOG_IN_POD));
            String json = files.get(fileName(JobPlan.JSON_IN_POD));
            if (hlog == null || json == null) {
                throw new LaunchException("agent " + i + " (pod " + name + ") printed no whole "
                        + (hlog == null ? fileName(JobPlan.HLOG_IN_POD) : fileName(JobPlan.JSON_IN_POD))
                        + " in its log: was its image built from scale-out/docker/Dockerfile?");
            }
            hlogs.add(writeWhole(outDir.resolve(hlogName(i)), hlog));
            writeWhole(outDir.resolve(jsonName(i)), json);
        }
        return hlogs;
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** Writes to a temporary name beside the file, then renames: the file appears whole or not at all. */
    private static Path writeWhole(Path file, String content) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temporary, content, StandardCharsets.UTF_8);
        return Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private String log(String namespace, String pod, Integer tailLines) throws LaunchException {
        try {
            var resource = client.pods().inNamespace(namespace).withName(pod);
            String log = tailLines == null
                    ? resource.getLog()
                    : resource.tailingLines(tailLines).getLog();
            return log == null ? "" : log;
        } catch (KubernetesClientException e) {
            throw new LaunchException("cannot read the log of pod " + pod + ": " + e.getMessage());
        }
    }

    /** The last lines of a failed agent's log, for the error message; empty when there is none to read. */
    private String logTail(JobPlan plan, Pod pod) {
        try {
            String tail = log(plan.namespace(), pod.getMetadata().getName(), 20).strip();
            return tail.isEmpty() ? "" : "; the end of its log:\n" + tail;
        } catch (LaunchException e) {
            return "";
        }
    }

    private void delete(JobPlan plan, AtomicBoolean deleted) {
        if (!deleted.compareAndSet(false, true)) {
            return;
        }
        // Interrupted (Ctrl-C, a cancelled run): the client's call would give up at once; delete, then re-interrupt.
        boolean interrupted = Thread.interrupted();
        try {
            client.batch()
                    .v1()
                    .jobs()
                    .inNamespace(plan.namespace())
                    .withName(plan.jobName())
                    .withPropagationPolicy(DeletionPropagation.BACKGROUND)
                    .delete();
            listener.jobDeleted(plan.jobName());
        } catch (KubernetesClientException e) {
            System.err.println("warning: could not delete Job " + plan.jobName() + " (kubectl delete job -n "
                    + plan.namespace() + " " + plan.jobName() + "): " + e.getMessage());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
