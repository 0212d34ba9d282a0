package io.httpmodels.server;

import java.util.List;

/** Thrown when a model is asked for by a name no registered {@link HttpServerModel} has. */
public final class UnknownModelException extends IllegalArgumentException {

    private final List<String> knownNames;

    /** A refusal of {@code name}, listing {@code knownNames}. */
    public UnknownModelException(String name, List<String> knownNames) {
        super("unknown server model '" + name + "'; known models: "
                + (knownNames.isEmpty() ? "(none on the class path)" : String.join(", ", knownNames)));
        this.knownNames = List.copyOf(knownNames);
    }

    /** The names that are registered, in registration order. */
    public List<String> knownNames() {
        return knownNames;
    }
}
