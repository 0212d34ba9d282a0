package io.httpmodels.harness.results;

/**
 * How the load client ran in every cell.
 *
 * @param clientThreads  event-loop threads of the load client
 * @param timeoutSeconds a request unanswered this long counts as a timeout and its connection is reopened
 * @param clientBoundAt  client CPU share (of its cores) at or above which a cell is marked client-bound
 */
public record ClientSettings(int clientThreads, double timeoutSeconds, double clientBoundAt) {}
