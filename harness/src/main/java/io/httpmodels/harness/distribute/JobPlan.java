package io.httpmodels.harness.distribute;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One distributed run on Kubernetes: what {@link AgentJob} turns into a manifest and {@link KubernetesLauncher}
 * runs.
 *
 * @param jobName    the Job's name (a DNS label), also the value of the run label on its pods
 * @param namespace  where the Job runs; null leaves it out of the manifest (kubectl's current namespace)
 * @param image      the load-client image (built from {@code scale-out/docker/Dockerfile})
 * @param agents     how many agents, at least 1: the Job's completions and parallelism
 * @param startAt    the instant every agent starts recording; pods must be running and warm by then
 * @param maxTime    the Job's active deadline, counted by Kubernetes from the Job's start, and the launcher's
 *                   bound on the whole run
 * @param loadArgs   the load client's arguments (URL and options) every agent runs with
 */
public record JobPlan(
        String jobName,
        String namespace,
        String image,
        int agents,
        Instant startAt,
        Duration maxTime,
        List<String> loadArgs) {

    /** Agents write their files here inside the container; agent.sh prints them to the log. */
    static final String HLOG_IN_POD = "/tmp/httpmodels/agent.hlog";

    static final String JSON_IN_POD = "/tmp/httpmodels/agent.json";

    public JobPlan {
        Objects.requireNonNull(jobName, "jobName");
        Objects.requireNonNull(image, "image");
        Objects.requireNonNull(startAt, "startAt");
        Objects.requireNonNull(maxTime, "maxTime");
        if (!jobName.matches("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?")) {
            throw new IllegalArgumentException("not a Kubernetes name: " + jobName);
        }
        if (agents < 1) {
            throw new IllegalArgumentException("--agents must be at least 1");
        }
        if (image.isBlank()) {
            throw new IllegalArgumentException("--image is required");
        }
        loadArgs = List.copyOf(loadArgs);
        if (loadArgs.isEmpty()) {
            throw new IllegalArgumentException("give the load client's arguments: -- URL [options]");
        }
        AgentArgs.checkNoAgentFlags(loadArgs);
    }
}
