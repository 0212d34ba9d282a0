package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Objects;

/**
 * Whether a database scenario's target answered correctly while it was loaded: answers sampled beside the load and
 * held to {@code io.httpmodels.server.db.DatabaseAnswers}, and for {@code /updates} whether the rows were really
 * written. A row of a report sums them over its windows and forks ({@link #sum}).
 *
 * @param sampled    answers the probe checked (beside the load, on a connection of its own)
 * @param wrong      of those, how many were not correct
 * @param unanswered probe requests that got no answer within the run's timeout (not counted as sampled)
 * @param firstWrong the first wrong answer's difference in words, with its route; null when none was wrong
 * @param updates    for {@code /updates}: the rows written, read back after the load; else null (absent)
 * @param note       why the checks are missing or partial (the database could not be read); null when complete
 */
public record DatabaseChecks(
        long sampled,
        long wrong,
        long unanswered,
        String firstWrong,
        @JsonInclude(JsonInclude.Include.NON_NULL) UpdatesWritten updates,
        @JsonInclude(JsonInclude.Include.NON_NULL) String note) {

    /**
     * What {@code /updates} wrote, checked with no load running.
     *
     * @param readBack        whether the rows one {@code /updates?queries=20} answered after the load hold what it
     *                        answered, read back over JDBC; null when that request got no correct answer
     * @param reason          when not read back as answered, the first row that differs, in words
     * @param tuplesUpdated   {@code n_tup_upd} of {@code world} (pg_stat_user_tables) after the window less before it
     * @param tuplesExpected  at least this many: the requests the load completed in the window times their rows
     * @param statsCaughtUp   whether {@code tuplesUpdated} reached {@code tuplesExpected} within the wait's bound;
     *                        false: PostgreSQL had not flushed its statistics yet, so {@code tuplesUpdated} is a lower
     *                        bound, not a shortfall
     */
    public record UpdatesWritten(
            Boolean readBack, String reason, long tuplesUpdated, long tuplesExpected, boolean statsCaughtUp) {

        /** Whether what was read back differs from what was answered. */
        public boolean notWritten() {
            return Boolean.FALSE.equals(readBack);
        }
    }

    /** A window whose answers could not be checked, and why. */
    public static DatabaseChecks notChecked(String why) {
        return new DatabaseChecks(0, 0, 0, null, null, why);
    }

    /** Whether any answer was wrong or any row read back not as written: a cell to mark. */
    public boolean failed() {
        return wrong > 0 || updates != null && updates.notWritten();
    }

    /** {@code checks} added up: counts summed, the first reason kept, the updates' figures summed. Null when none. */
    public static DatabaseChecks sum(List<DatabaseChecks> checks) {
        List<DatabaseChecks> present = checks.stream().filter(Objects::nonNull).toList();
        if (present.isEmpty()) {
            return null;
        }
        long sampled = 0;
        long wrong = 0;
        long unanswered = 0;
        String first = null;
        String note = null;
        UpdatesWritten updates = null;
        for (DatabaseChecks c : present) {
            sampled += c.sampled;
            wrong += c.wrong;
            unanswered += c.unanswered;
            if (first == null) {
                first = c.firstWrong;
            }
            if (note == null) {
                note = c.note;
            }
            if (c.updates != null) {
                UpdatesWritten u = c.updates;
                if (updates == null) {
                    updates = u;
                } else {
                    Boolean readBack = updates.readBack == null || u.readBack == null
                            ? (updates.notWritten() || u.notWritten() ? Boolean.FALSE : null)
                            : Boolean.valueOf(updates.readBack && u.readBack);
                    updates = new UpdatesWritten(
                            readBack,
                            updates.reason != null ? updates.reason : u.reason,
                            updates.tuplesUpdated + u.tuplesUpdated,
                            updates.tuplesExpected + u.tuplesExpected,
                            updates.statsCaughtUp && u.statsCaughtUp);
                }
            }
        }
        return new DatabaseChecks(sampled, wrong, unanswered, first, updates, note);
    }
}
