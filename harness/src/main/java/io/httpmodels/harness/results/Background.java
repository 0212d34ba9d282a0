package io.httpmodels.harness.results;

/**
 * What the connections a cell held beside its measured ones saw (the load client's background connections):
 * idle keep-alive ones, each sending one request and then staying silent, and slowloris ones, each trickling a
 * request head. None of them is in the cell's requests/s or latency.
 *
 * @param idleConnections    idle connections asked for
 * @param idleOpen           of those, open when the cell ended
 * @param idleAnswered       idle connections whose request was answered: open but unanswered ones sat in the
 *                           server's queue, never served
 * @param idleClosedByServer how often the server closed an idle connection (each was reopened)
 * @param slowConnections    slow connections asked for
 * @param slowOpen           of those, open when the cell ended
 * @param slowClosedByServer how often the server closed a slow connection (each was reopened): a header deadline
 *                           shows here
 * @param slowAnswered       answers the server sent on slow connections before closing them (408, 431...)
 * @param connectFailures    background connects refused or timed out (each retried)
 * @param openingSeconds     how long they took to open before the cell's clock started
 * @param openedBeforeStart  whether every one had been opened (or had failed) before the clock started
 */
public record Background(
        int idleConnections,
        int idleOpen,
        int idleAnswered,
        long idleClosedByServer,
        int slowConnections,
        int slowOpen,
        long slowClosedByServer,
        long slowAnswered,
        long connectFailures,
        double openingSeconds,
        boolean openedBeforeStart) {}
