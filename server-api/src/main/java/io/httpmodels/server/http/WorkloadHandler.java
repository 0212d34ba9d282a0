package io.httpmodels.server.http;

import io.httpmodels.server.Route;
import io.httpmodels.server.Workload;

/**
 * Answers a parsed request with the {@link Workload}: the route, 404 for an unknown path, 405 with
 * {@code Allow} for a method the route does not take. Stateless and thread-safe.
 */
public final class WorkloadHandler {

    private WorkloadHandler() {}

    /** The response to {@code request}. Does not include the simulated work; the caller decides where it runs. */
    public static HttpResponse handle(HttpRequest request) {
        Route route = Route.forTarget(request.target());
        if (route == null) {
            return HttpResponse.error(HttpStatus.NOT_FOUND, "no route for " + request.target());
        }
        if (!route.allows(request.method())) {
            HttpResponse refusal = HttpResponse.error(
                    HttpStatus.METHOD_NOT_ALLOWED, request.method() + " is not allowed on " + route.path());
            return new HttpResponse(refusal.status(), refusal.contentType(), refusal.body(), route.allow());
        }
        return switch (route) {
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
        };
    }
}
