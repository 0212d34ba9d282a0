package io.httpmodels.harness.process;

/**
 * What a PostgreSQL backend is doing, as its process title says ({@code update_process_title}, on by default on
 * Linux): {@code postgres: USER DATABASE HOST(PORT) ACTIVITY}, the activity {@code idle}, {@code idle in
 * transaction} or the statement's command tag ({@code SELECT}, {@code UPDATE}...) while it runs one: what {@code
 * pg_stat_activity}'s {@code state} says, read from /proc at no cost to the database.
 */
public enum BackendTitle {
    /** Not a client backend of the database asked about (a background process, another database). */
    OTHER,
    /** A client backend waiting for its client, in a transaction or not. */
    IDLE,
    /** A client backend running a statement. */
    ACTIVE;

    /**
     * The state {@code title} (a backend's /proc cmdline, its NULs as spaces) gives for a client backend of
     * {@code database}.
     */
    public static BackendTitle of(String title, String database) {
        if (title == null) {
            return OTHER;
        }
        String[] words = title.trim().split(" +");
        // postgres: USER DATABASE HOST(PORT) ACTIVITY...; a background process has no host and port.
        if (words.length < 5
                || !words[0].equals("postgres:")
                || !words[2].equals(database)
                || !words[3].endsWith(")") && !words[3].equals("[local]")) {
            return OTHER;
        }
        return words[4].equals("idle") ? IDLE : ACTIVE;
    }
}
