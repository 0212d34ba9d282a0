package io.httpmodels.harness.merge;

/** Logs that cannot be merged exactly, or are not interval logs at all; the message says which and why. */
public final class MergeException extends Exception {

    private static final long serialVersionUID = 1L;

    public MergeException(String message) {
        super(message);
    }

    public MergeException(String message, Throwable cause) {
        super(message, cause);
    }
}
