package io.httpmodels.load;

/**
 * What the background connections of a run saw: how many were held open, how many the server answered or
 * closed. A connection "answered" got a response to its request; one "closed by the server" was ended from the
 * server's side (EOF or reset) and was opened again.
 *
 * @param idle    what the idle connections saw
 * @param slow    what the slow connections saw
 * @param opening how long they all took to open, and how many connects failed
 */
public record BackgroundReport(IdleCounts idle, SlowCounts slow, Opening opening) {

    /**
     * What the idle keep-alive connections saw.
     *
     * @param connections    idle connections asked for
     * @param open           of those, how many were open when the run ended
     * @param answered       how many idle connections had their request answered at least once: an idle
     *                       connection the server accepted into its queue but never served is open and not answered
     * @param errorAnswers   answers to idle connections with a status of 400 or above
     * @param closedByServer how often the server closed an idle connection (each was reopened)
     */
    public record IdleCounts(int connections, int open, int answered, long errorAnswers, long closedByServer) {}

    /**
     * What the slowloris connections saw.
     *
     * @param connections     slow connections asked for
     * @param open            of those, how many were open when the run ended
     * @param closedByServer  how often the server closed a slow connection (each was reopened): a header deadline
     *                        shows here
     * @param answered        responses the server sent on slow connections before closing them (408, 431...)
     * @param bytesSent       bytes of request heads trickled over the whole run
     * @param intervalSeconds time between two bytes of a slow connection
     */
    public record SlowCounts(
            int connections, int open, long closedByServer, long answered, long bytesSent, double intervalSeconds) {}

    /**
     * How the background connections were opened before the run's clock started.
     *
     * @param connectFailures connects of background connections refused or timed out (each retried)
     * @param seconds         time from the start until every background connection had been opened (or had
     *                        failed) once, when the run's clock started; or, when they were not all by the opening
     *                        bound, until the clock started without them
     * @param beforeStart     whether all of them had been opened (or had failed) before the clock started
     */
    public record Opening(long connectFailures, double seconds, boolean beforeStart) {}
}
