package io.httpmodels.harness.conformance;

/** The kits' records cannot make a matrix: none found, or one of another schema. A usage error (exit 2). */
public final class ConformanceException extends Exception {

    public ConformanceException(String message) {
        super(message);
    }

    public ConformanceException(String message, Throwable cause) {
        super(message, cause);
    }
}
