package io.httpmodels.harness.distribute;

/** A distributed run that could not complete: an agent failed, never started, or its files were not found. */
public final class LaunchException extends Exception {
    private static final long serialVersionUID = 1L;

    public LaunchException(String message) {
        super(message);
    }
}
