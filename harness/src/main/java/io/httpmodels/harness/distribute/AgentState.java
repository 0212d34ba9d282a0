package io.httpmodels.harness.distribute;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;

/** Where one agent's pod is: {@code PENDING -> RUNNING -> SUCCEEDED} or {@code FAILED}; no pod yet is PENDING. */
public enum AgentState {
    PENDING,
    RUNNING,
    SUCCEEDED,
    FAILED;

    /** Whether the agent is done, one way or the other. */
    public boolean isTerminal() {
        return this == SUCCEEDED || this == FAILED;
    }

    /** The state of a pod from its phase; a missing pod or an unknown phase is PENDING. */
    static AgentState of(Pod pod) {
        if (pod == null || pod.getStatus() == null || pod.getStatus().getPhase() == null) {
            return PENDING;
        }
        return switch (pod.getStatus().getPhase()) {
            case "Running" -> RUNNING;
            case "Succeeded" -> SUCCEEDED;
            case "Failed" -> FAILED;
            default -> PENDING;
        };
    }

    /** Why a pod is where it is, for an error message: its phase, the container's waiting or exit reason. */
    static String describe(Pod pod) {
        if (pod == null) {
            return "no pod was created";
        }
        StringBuilder text = new StringBuilder("pod ")
                .append(pod.getMetadata().getName())
                .append(" is ")
                .append(
                        pod.getStatus() == null
                                ? "without status"
                                : pod.getStatus().getPhase());
        if (pod.getStatus() != null && pod.getStatus().getReason() != null) {
            text.append(" (").append(pod.getStatus().getReason()).append(')');
        }
        if (pod.getStatus() != null && pod.getStatus().getContainerStatuses() != null) {
            for (ContainerStatus container : pod.getStatus().getContainerStatuses()) {
                var state = container.getState();
                if (state == null) {
                    continue;
                }
                if (state.getWaiting() != null) {
                    text.append(", container waiting: ")
                            .append(state.getWaiting().getReason());
                    if (state.getWaiting().getMessage() != null) {
                        text.append(": ").append(state.getWaiting().getMessage());
                    }
                } else if (state.getTerminated() != null) {
                    text.append(", container exited ")
                            .append(state.getTerminated().getExitCode())
                            .append(
                                    state.getTerminated().getReason() == null
                                            ? ""
                                            : " (" + state.getTerminated().getReason() + ")");
                }
            }
        }
        return text.toString();
    }
}
