package io.httpmodels.harness.distribute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobSpec;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

class AgentJobTest {

    private static final Instant START = Instant.parse("2026-11-30T19:00:00Z");

    static JobPlan plan(int agents, List<String> loadArgs) {
        return new JobPlan(
                "run-1", "bench", "registry/httpmodels-load:0.1", agents, START, Duration.ofMinutes(5), loadArgs);
    }

    @Test
    void anIndexedJobRunsEveryAgentAtOnceWithoutRetries() {
        JobSpec spec =
                AgentJob.of(plan(3, List.of("http://server:8080/", "-c", "40"))).getSpec();
        assertEquals("Indexed", spec.getCompletionMode());
        assertEquals(3, spec.getCompletions());
        assertEquals(3, spec.getParallelism());
        assertEquals(0, spec.getBackoffLimit());
        assertEquals(300L, spec.getActiveDeadlineSeconds());
        assertEquals("Never", spec.getTemplate().getSpec().getRestartPolicy());
        assertEquals("run-1", spec.getTemplate().getMetadata().getLabels().get(AgentJob.RUN_LABEL));
    }

    @Test
    void theStartTimeAndAgentCountAreInTheEnvironmentAndTheIndexComesFromTheCompletionIndex() {
        Container agent = container(AgentJob.of(plan(3, List.of("http://server:8080/"))));
        Map<String, EnvVar> env = agent.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, e -> e));
        assertEquals(
                Long.toString(START.toEpochMilli()),
                env.get("HTTPMODELS_START_AT").getValue());
        assertEquals("3", env.get("HTTPMODELS_AGENTS").getValue());
        assertEquals(
                "metadata.annotations['batch.kubernetes.io/job-completion-index']",
                env.get("HTTPMODELS_AGENT_INDEX").getValueFrom().getFieldRef().getFieldPath());
        assertEquals("registry/httpmodels-load:0.1", agent.getImage());
    }

    @Test
    void eachAgentRunsTheLoadArgumentsInAgentModeWithItsShareOfTheRate() {
        Container agent = container(AgentJob.of(plan(3, List.of("http://server:8080/", "-c", "40", "-R", "90000"))));
        assertEquals(
                List.of(
                        "http://server:8080/",
                        "-c",
                        "40",
                        "-R",
                        "90000",
                        "--start-at",
                        "$(HTTPMODELS_START_AT)",
                        "--tag",
                        "agent-$(HTTPMODELS_AGENT_INDEX)",
                        "--agents",
                        "$(HTTPMODELS_AGENTS)",
                        "--agent-index",
                        "$(HTTPMODELS_AGENT_INDEX)",
                        "--hlog",
                        "/tmp/httpmodels/agent.hlog",
                        "--json",
                        "/tmp/httpmodels/agent.json"),
                agent.getArgs());
    }

    @Test
    void inClosedLoopThereIsNoShareToTake() {
        List<String> args = container(AgentJob.of(plan(2, List.of("http://server:8080/", "-c", "40"))))
                .getArgs();
        assertFalse(args.contains("--agents"), args.toString());
        assertTrue(args.contains("--start-at"), args.toString());
    }

    @Test
    void theYamlIsTheSameJob() {
        Job job = AgentJob.of(plan(3, List.of("http://server:8080/", "-R", "1000")));
        String yaml = AgentJob.yaml(job);
        assertTrue(
                yaml.startsWith("---\napiVersion: \"batch/v1\"\nkind: \"Job\"") || yaml.contains("kind: \"Job\""),
                yaml);
        assertEquals(job, new KubernetesSerialization().unmarshal(yaml, Job.class));
    }

    @Test
    void flagsTheLauncherSetsCannotBeGivenTwice() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> plan(2, List.of("http://server:8080/", "--hlog", "x.hlog")));
        assertTrue(e.getMessage().contains("--hlog is set by the launcher"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> plan(0, List.of("http://server:8080/")));
        assertThrows(IllegalArgumentException.class, () -> plan(1, List.of()));
    }

    private static Container container(Job job) {
        return job.getSpec().getTemplate().getSpec().getContainers().get(0);
    }
}
