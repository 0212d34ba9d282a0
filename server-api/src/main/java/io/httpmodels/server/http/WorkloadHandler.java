package io.httpmodels.server.http;

import io.httpmodels.server.Workload;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.db.WorldStore;

/**
 * Answers a parsed request with the {@link Workload}, as {@link Answer#forRequest} decides: the route's content,
 * {@code OPTIONS} with {@code Allow}, or a refusal (400, 404, 405 with {@code Allow}, 501). Stateless and
 * thread-safe.
 */
public final class WorkloadHandler {

    private WorkloadHandler() {}

    /** The response to {@code request} from a server without a database: its database routes answer 503. */
    public static HttpResponse handle(HttpRequest request) {
        return handle(request, null);
    }

    /**
     * The response to {@code request}, a database route's from {@code store} (blocking on it), or 503 when
     * {@code store} is {@code null}. Does not include the simulated work; the caller decides where it runs.
     */
    public static HttpResponse handle(HttpRequest request, WorldStore store) {
        Answer answer = Answer.forRequest(request.method(), request.target());
        if (!(answer instanceof Answer.Serve serve)) {
            return answerWithoutContent(answer);
        }
        return switch (serve.route()) {
            case PLAINTEXT -> HttpResponse.ok(Workload.TEXT_PLAIN, Workload.plaintextBody());
            case JSON -> HttpResponse.ok(Workload.APPLICATION_JSON, Workload.jsonBody());
            case ECHO ->
                HttpResponse.ok(
                        Workload.TEXT_PLAIN,
                        Workload.echoBody(
                                request.method(),
                                request.target(),
                                request.version(),
                                request.headers(),
                                request.body()));
            case DB, QUERIES, FORTUNES, UPDATES -> DatabaseRoutes.answer(serve.route(), request.target(), store);
        };
    }

    private static HttpResponse answerWithoutContent(Answer answer) {
        return switch (answer) {
            case Answer.Options options ->
                new HttpResponse(HttpStatus.OK, Workload.TEXT_PLAIN, new byte[0], options.allow());
            case Answer.Refuse refuse -> HttpResponse.error(refuse.status(), refuse.detail(), refuse.allow());
            case Answer.Serve serve -> throw new IllegalArgumentException("has content: " + serve);
        };
    }
}
