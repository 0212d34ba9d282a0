package io.httpmodels.harness.distribute;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.httpmodels.harness.process.ProjectRoot;
import io.httpmodels.load.cli.DurationConverter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * {@code httpmodels distribute --engine kubernetes --agents N --image IMAGE -- URL [load options]}: runs N load
 * agents on a cluster as one Indexed Job, all starting at the same instant, collects their interval logs and
 * merges them exactly ({@link KubernetesLauncher}). {@code --dry-run} prints the Job instead, for
 * {@code kubectl apply -f -}. The Ansible launcher is {@code scripts/scale-out.sh}.
 */
@Command(
        name = "distribute",
        header = "Run the load client as N agents on Kubernetes, started together, and merge them exactly.",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run the load client as N agents on Kubernetes (an Indexed Job), started together,",
            "and merge their histograms exactly. The load arguments follow '--'.",
            "For plain machines over ssh use scripts/scale-out.sh (Ansible)."
        },
        footer = {
            "",
            "Examples:",
            "  httpmodels distribute --engine kubernetes --agents 3 --image registry/httpmodels-load:0.1 \\",
            "      -- http://server.bench:8080/plaintext -c 40 -d 30s -R 150000",
            "  httpmodels distribute --engine kubernetes --agents 3 --image IMAGE --dry-run -- URL -c 40 \\",
            "      | kubectl apply -f -"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every agent ran and the merge was written (or --dry-run printed the Job)",
            "1:an agent failed or never started, the cluster refused, or the merge failed (the Job is deleted)",
            "2:usage error",
            "130:interrupted (Ctrl-C): the Job is deleted"
        })
public final class DistributeCommand implements Callable<Integer> {

    /** Past the shared start, how long a pod may still not run before its agent counts as never started. */
    static final Duration START_GRACE = Duration.ofSeconds(10);

    private static final Duration POLL_EVERY = Duration.ofSeconds(1);

    @Option(
            names = "--engine",
            required = true,
            paramLabel = "ENGINE",
            description = "Where the agents run: kubernetes (Ansible: scripts/scale-out.sh).")
    String engine;

    @Option(
            names = "--agents",
            required = true,
            paramLabel = "N",
            description = "How many agents (pods); -R is their total rate.")
    int agents;

    @Option(
            names = "--image",
            required = true,
            paramLabel = "IMAGE",
            description = "The load-client image (scale-out/docker/Dockerfile).")
    String image;

    @Option(
            names = "--namespace",
            paramLabel = "NS",
            description = "Namespace of the Job (default: the kubeconfig's, else 'default').")
    String namespace;

    @Option(
            names = "--start-delay",
            paramLabel = "TIME",
            converter = DurationConverter.class,
            description = "The agents start recording this long after the Job is created: time to schedule the"
                    + " pods, pull the image and warm up (default: 60s).")
    Duration startDelay = Duration.ofSeconds(60);

    @Option(
            names = "--max-time",
            paramLabel = "TIME",
            converter = DurationConverter.class,
            description = "Bound on the whole run, also the Job's activeDeadlineSeconds (default: 15m).")
    Duration maxTime = Duration.ofMinutes(15);

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "The Job's name (default: httpmodels-load-<timestamp>).")
    String name;

    @Option(
            names = {"-o", "--out"},
            paramLabel = "DIR",
            description = "Where the agents' files and the merge go (default: results/distribute-<timestamp>).")
    Path out;

    @Option(
            names = "--dry-run",
            negatable = true,
            description = "Print the Job as YAML (for kubectl apply -f -) and exit.")
    boolean dryRun;

    @Parameters(
            paramLabel = "LOAD_ARGS",
            arity = "1..*",
            description = "After '--': the load client's URL and options, as for scripts/load.sh.")
    List<String> loadArgs = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final Supplier<KubernetesClient> clients;
    private final Clock clock;
    private final Duration pollEvery;
    private final AgentMerge merge;

    /** For picocli: the kubeconfig's cluster (or the pod's, in a cluster), the system clock. */
    public DistributeCommand() {
        this(() -> new KubernetesClientBuilder().build(), Clock.systemUTC(), POLL_EVERY, AgentMerge.exact());
    }

    DistributeCommand(Supplier<KubernetesClient> clients, Clock clock, Duration pollEvery, AgentMerge merge) {
        this.clients = clients;
        this.clock = clock;
        this.pollEvery = pollEvery;
        this.merge = merge;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!"kubernetes".equals(engine.toLowerCase(Locale.ROOT))) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "unknown --engine '" + engine + "': kubernetes here; for Ansible run scripts/scale-out.sh");
        }
        Instant now = clock.instant();
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                .withZone(ZoneOffset.UTC)
                .format(now);
        String jobName = name != null ? name : "httpmodels-load-" + stamp;
        if (dryRun) {
            JobPlan plan = plan(jobName, namespace, now);
            stdout.println("# httpmodels distribute: " + agents + " agents start recording at " + plan.startAt()
                    + "; apply within " + startDelay.toSeconds() + " s of writing.");
            stdout.print(AgentJob.yaml(AgentJob.of(plan)));
            stdout.flush();
            return 0;
        }
        try (KubernetesClient client = clients.get()) {
            String ns =
                    namespace != null ? namespace : client.getNamespace() != null ? client.getNamespace() : "default";
            JobPlan plan = plan(jobName, ns, now);
            Path dir = out != null ? out : ProjectRoot.find().resolve("results/distribute-" + stamp);
            Files.createDirectories(dir);
            KubernetesLauncher launcher =
                    new KubernetesLauncher(client, clock, pollEvery, START_GRACE, progress(stdout));
            int status = launcher.run(plan, dir, merge, stdout, err);
            stdout.println((status == 0 ? "merged " : "not merged; ") + agents + " agents' files in " + dir);
            stdout.flush();
            return status == 0 ? 0 : 1;
        } catch (LaunchException e) {
            err.println("httpmodels distribute: " + e.getMessage());
            return 1;
        } catch (KubernetesClientException e) {
            err.println("httpmodels distribute: the cluster refused: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("httpmodels distribute: interrupted; the Job was deleted");
            return 130;
        }
    }

    private JobPlan plan(String jobName, String ns, Instant now) {
        try {
            return new JobPlan(jobName, ns, image, agents, now.plus(startDelay), maxTime.plus(startDelay), loadArgs);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private static KubernetesLauncher.Listener progress(PrintWriter out) {
        return new KubernetesLauncher.Listener() {
            @Override
            public void jobCreated(Job job) {
                out.println("created Job " + job.getMetadata().getNamespace() + "/"
                        + job.getMetadata().getName());
                out.flush();
            }

            @Override
            public void agentChanged(int index, AgentState state, String detail) {
                out.println("agent " + index + ": " + state.name().toLowerCase(Locale.ROOT) + " (" + detail + ")");
                out.flush();
            }

            @Override
            public void jobDeleted(String jobName) {
                out.println("deleted Job " + jobName);
                out.flush();
            }
        };
    }
}
