package io.httpmodels.harness.cli;

import picocli.CommandLine.Option;

import java.util.List;

/** {@code --models}: which models a command runs, by name. */
public final class ModelsOption {

    @Option(
            names = "--models",
            paramLabel = "LIST",
            split = ",",
            description = "Models, by name; all for every model found, none for no model (default: every model"
                    + " found but the variants the run's header names; regress: the gate's cells).")
    List<String> names;

    /** The names given, or null when none were. */
    public List<String> names() {
        return names;
    }
}
