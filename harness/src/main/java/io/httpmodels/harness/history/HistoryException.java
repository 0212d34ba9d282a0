package io.httpmodels.harness.history;

/**
 * Bad input to the history, said in one sentence for the user: a results file that cannot join it, a damaged
 * history, a second run of the same commit on the same machine. The history commands exit 2 on it, having
 * written nothing.
 */
public final class HistoryException extends Exception {

    private static final long serialVersionUID = 1L;

    public HistoryException(String message) {
        super(message);
    }

    public HistoryException(String message, Throwable cause) {
        super(message, cause);
    }
}
