package io.httpmodels.load;

/** A run that could not produce figures: the target is unreachable, or the configuration cannot be used. */
public final class LoadException extends RuntimeException {

    public LoadException(String message) {
        super(message);
    }

    public LoadException(String message, Throwable cause) {
        super(message, cause);
    }
}
