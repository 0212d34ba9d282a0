package io.httpmodels.harness.distribute;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

import java.util.List;
import java.util.Map;

/**
 * The Indexed Job that runs the agents: completions = parallelism = agents, so every agent runs at once, and
 * the completion index is the agent's number. The shared start time and the agent count are in each
 * container's environment; the agent's number comes from the index annotation Kubernetes puts on each pod
 * (the same value as {@code JOB_COMPLETION_INDEX}, but declared here so the manifest shows where it comes from
 * and {@code $(HTTPMODELS_AGENT_INDEX)} expands in the arguments).
 *
 * <p>No retries ({@code backoffLimit: 0}, {@code restartPolicy: Never}): a restarted agent would miss the shared
 * start. {@code ttlSecondsAfterFinished} removes the Job even if the launcher itself is killed.
 */
public final class AgentJob {

    /** Label on the Job and its pods: the run they belong to. */
    public static final String RUN_LABEL = "httpmodels.io/run";

    /** The annotation Kubernetes puts on each pod of an Indexed Job: its completion index. */
    public static final String INDEX_ANNOTATION = "batch.kubernetes.io/job-completion-index";

    static final String ENV_START_AT = "HTTPMODELS_START_AT";
    static final String ENV_AGENTS = "HTTPMODELS_AGENTS";
    static final String ENV_AGENT_INDEX = "HTTPMODELS_AGENT_INDEX";
    /** The files agent.sh prints to the log once the load client has exited. */
    static final String ENV_COLLECT = "HTTPMODELS_COLLECT";

    private static final int TTL_AFTER_FINISHED_SECONDS = 3600;

    private AgentJob() {}

    /** The Job for a plan. */
    public static Job of(JobPlan plan) {
        Map<String, String> labels = Map.of(RUN_LABEL, plan.jobName(), "app.kubernetes.io/name", "httpmodels-agent");
        List<String> args = new AgentArgs(
                        plan.loadArgs(),
                        ref(ENV_START_AT),
                        ref(ENV_AGENTS),
                        ref(ENV_AGENT_INDEX),
                        JobPlan.HLOG_IN_POD,
                        JobPlan.JSON_IN_POD)
                .toList();
        List<EnvVar> env = List.of(
                new EnvVarBuilder()
                        .withName(ENV_START_AT)
                        .withValue(Long.toString(plan.startAt().toEpochMilli()))
                        .build(),
                new EnvVarBuilder()
                        .withName(ENV_AGENTS)
                        .withValue(Integer.toString(plan.agents()))
                        .build(),
                new EnvVarBuilder()
                        .withName(ENV_AGENT_INDEX)
                        .withNewValueFrom()
                        .withNewFieldRef()
                        .withFieldPath("metadata.annotations['" + INDEX_ANNOTATION + "']")
                        .endFieldRef()
                        .endValueFrom()
                        .build(),
                new EnvVarBuilder()
                        .withName(ENV_COLLECT)
                        .withValue(JobPlan.HLOG_IN_POD + " " + JobPlan.JSON_IN_POD)
                        .build());
        return new JobBuilder()
                .withNewMetadata()
                .withName(plan.jobName())
                .withNamespace(plan.namespace())
                .withLabels(labels)
                .endMetadata()
                .withNewSpec()
                .withCompletionMode("Indexed")
                .withCompletions(plan.agents())
                .withParallelism(plan.agents())
                .withBackoffLimit(0)
                .withActiveDeadlineSeconds(Math.max(1, plan.maxTime().toSeconds()))
                .withTtlSecondsAfterFinished(TTL_AFTER_FINISHED_SECONDS)
                .withNewTemplate()
                .withNewMetadata()
                .withLabels(labels)
                .endMetadata()
                .withNewSpec()
                .withRestartPolicy("Never")
                // One agent per node where the cluster allows: agents sharing a node share its cores and NIC.
                .withNewAffinity()
                .withNewPodAntiAffinity()
                .addNewPreferredDuringSchedulingIgnoredDuringExecution()
                .withWeight(100)
                .withNewPodAffinityTerm()
                .withTopologyKey("kubernetes.io/hostname")
                .withNewLabelSelector()
                .addToMatchLabels(RUN_LABEL, plan.jobName())
                .endLabelSelector()
                .endPodAffinityTerm()
                .endPreferredDuringSchedulingIgnoredDuringExecution()
                .endPodAntiAffinity()
                .endAffinity()
                .addNewContainer()
                .withName("agent")
                .withImage(plan.image())
                .withArgs(args)
                .withEnv(env)
                .endContainer()
                .endSpec()
                .endTemplate()
                .endSpec()
                .build();
    }

    /** The manifest as YAML, ready for {@code kubectl apply -f -}. */
    public static String yaml(Job job) {
        return new KubernetesSerialization().asYaml(job);
    }

    private static String ref(String env) {
        return "$(" + env + ")";
    }
}
