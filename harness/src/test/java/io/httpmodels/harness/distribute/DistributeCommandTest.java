package io.httpmodels.harness.distribute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.httpmodels.harness.CliRun;
import org.junit.jupiter.api.Test;

class DistributeCommandTest {

    @Test
    void dryRunPrintsAnIndexedJobForKubectl() {
        CliRun run = CliRun.of(
                "distribute",
                "--engine",
                "kubernetes",
                "--agents",
                "3",
                "--image",
                "registry/load:1",
                "--dry-run",
                "--name",
                "bench-1",
                "--",
                "http://server:8080/plaintext",
                "-c",
                "40",
                "-R",
                "90000");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("# httpmodels distribute: 3 agents start recording at "), run.out());
        Job job = new KubernetesSerialization().unmarshal(run.out(), Job.class);
        assertEquals("bench-1", job.getMetadata().getName());
        assertEquals(null, job.getMetadata().getNamespace(), "no --namespace: kubectl's current one");
        assertEquals(3, job.getSpec().getCompletions());
        assertEquals(
                "http://server:8080/plaintext",
                job.getSpec()
                        .getTemplate()
                        .getSpec()
                        .getContainers()
                        .get(0)
                        .getArgs()
                        .get(0));
    }

    @Test
    void usageErrorsExitWithTwo() {
        assertEquals(
                2,
                CliRun.of("distribute", "--engine", "kubernetes", "--agents", "3", "--image", "x", "--dry-run")
                        .exitCode(),
                "no load arguments");
        CliRun ansible = CliRun.of(
                "distribute", "--engine", "ansible", "--agents", "3", "--image", "x", "--dry-run", "--", "http://s/");
        assertEquals(2, ansible.exitCode());
        assertTrue(ansible.err().contains("scripts/scale-out.sh"), ansible.err());
        CliRun zero = CliRun.of(
                "distribute",
                "--engine",
                "kubernetes",
                "--agents",
                "0",
                "--image",
                "x",
                "--dry-run",
                "--",
                "http://s/");
        assertEquals(2, zero.exitCode());
        assertTrue(zero.err().contains("--agents must be at least 1"), zero.err());
        CliRun twice = CliRun.of(
                "distribute",
                "--engine",
                "kubernetes",
                "--agents",
                "2",
                "--image",
                "x",
                "--dry-run",
                "--",
                "http://s/",
                "--tag",
                "mine");
        assertEquals(2, twice.exitCode());
        assertTrue(twice.err().contains("--tag is set by the launcher"), twice.err());
    }
}
