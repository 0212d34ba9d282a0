package io.httpmodels.load;

/**
 * What the background connections of a run saw: how many were held open, how many the server answered or
 * closed. A connection "answered" got a response to its request; one "closed by the server" was ended from the
 * server's side (EOF or reset) and was opened again.
 *
 * @param idleConnections          idle connections asked for
 * @param idleOpen                 of those, how many were open when the run ended
 * @param idleAnswered             how many idle connections had their request answered at least once: an idle
 *                                 connection the server accepted into its queue but never served is open and not
 *                                 answered
 * @param idleErrorAnswers         answers to idle connections with a status of 400 or above
 * @param idleClosedByServer       how often the server closed an idle connection (each was reopened)
 * @param slowConnections          slow connections asked for
 * @param slowOpen                 of those, how many were open when the run ended
 * @param slowClosedByServer       how often the server closed a slow connection (each was reopened): a header
 *                                 deadline shows here
 * @param slowAnswered             responses the server sent on slow connections before closing them (408, 431...)
 * @param slowBytesSent            bytes of request heads trickled over the whole run
 * @param connectFailures          connects of background connections refused or timed out (each retried)
 * @param openingSeconds           time from the start until every background connection had been opened (or
 *                                 had failed) once, when the run's clock started; or, when they were not all
 *                                 by the opening bound, until the clock started without them
 * @param openedBeforeStart        whether all of them had been opened (or had failed) before the clock started
 * @param slowIntervalSeconds      time between two bytes of a slow connection
 */
public record BackgroundReport(
        int idleConnections,
        int idleOpen,
        int idleAnswered,
        long idleErrorAnswers,
        long idleClosedByServer,
        int slowConnections,
        int slowOpen,
        long slowClosedByServer,
        long slowAnswered,
        long slowBytesSent,
        long connectFailures,
        double openingSeconds,
        boolean openedBeforeStart,
        double slowIntervalSeconds) {}
