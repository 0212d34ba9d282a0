package io.httpmodels.harness.distribute;

import java.util.ArrayList;
import java.util.List;

/**
 * The load-client arguments one agent runs with: the user's load arguments plus the agent-mode flags. The one
 * place in Java that names those flags (the Ansible playbook's {@code agent_args} is the other, in YAML).
 *
 * <p>Values may be Kubernetes {@code $(VAR)} references, expanded by the kubelet from the container's
 * environment, so one pod template serves every agent.
 *
 * @param loadArgs   the user's load-client arguments: the URL and its options
 * @param startAt    the shared start instant, epoch milliseconds (or a {@code $(VAR)} reference to it)
 * @param agents     how many agents share the load (or a reference)
 * @param agentIndex this agent's number, 0-based (or a reference)
 * @param hlog       where the agent writes its HdrHistogram interval log
 * @param json       where the agent writes its JSON report
 */
public record AgentArgs(
        List<String> loadArgs, String startAt, String agents, String agentIndex, String hlog, String json) {

    public AgentArgs {
        loadArgs = List.copyOf(loadArgs);
    }

    /** The full argument list after {@code java -jar load-client.jar}. */
    public List<String> toList() {
        List<String> args = new ArrayList<>(loadArgs);
        args.addAll(List.of("--start-at", startAt, "--tag", "agent-" + agentIndex));
        // The rate is the total over all agents; each agent takes its share and corrects at that share.
        if (hasRate(loadArgs)) {
            args.addAll(List.of("--agents", agents, "--agent-index", agentIndex));
        }
        args.addAll(List.of("--hlog", hlog, "--json", json));
        return args;
    }

    /** Whether the load arguments set a rate ({@code -R}, {@code --rate}, with or without {@code =}). */
    static boolean hasRate(List<String> loadArgs) {
        for (String arg : loadArgs) {
            if (arg.equals("-R") || arg.equals("--rate") || arg.startsWith("--rate=") || arg.startsWith("-R")) {
                return true;
            }
        }
        return false;
    }

    /** Refuses load arguments that name what the launcher sets itself, so no agent runs with two values. */
    static void checkNoAgentFlags(List<String> loadArgs) {
        for (String arg : loadArgs) {
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (List.of("--start-at", "--tag", "--agents", "--agent-index", "--hlog", "--json")
                    .contains(name)) {
                throw new IllegalArgumentException(
                        name + " is set by the launcher for each agent; leave it out of the load arguments");
            }
        }
    }
}
