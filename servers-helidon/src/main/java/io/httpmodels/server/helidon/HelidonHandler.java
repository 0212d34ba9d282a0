package io.httpmodels.server.helidon;

import io.helidon.http.Header;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.HttpPrologue;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.http.Answer;
import io.httpmodels.server.http.HttpResponse;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The workload on Helidon's {@link Handler}: the shared {@link Answer} decides each request's answer from its method
 * and target, as in every model; the simulated work sleeps here, and the database routes block on their queries
 * here, on the connection's virtual thread (see {@link HelidonServer}). What Helidon parsed before the handler runs (the request line, the fields, the framing,
 * the body limit) is Helidon's, not the shared codec's: that is the finding. Stateless and thread-safe: one instance
 * serves every connection.
 */
final class HelidonHandler implements Handler {

    private static final Header SERVER =
            HeaderValues.createCached(HeaderNames.SERVER, Workload.serverHeader(HelidonServer.NAME));
    private static final Header TEXT_PLAIN = HeaderValues.createCached(HeaderNames.CONTENT_TYPE, Workload.TEXT_PLAIN);
    private static final Header APPLICATION_JSON =
            HeaderValues.createCached(HeaderNames.CONTENT_TYPE, Workload.APPLICATION_JSON);

    private final ServerConfig config;
    private final WorldStore store;

    /** @param store what the database routes query, or {@code null} for none (they answer 503) */
    HelidonHandler(ServerConfig config, WorldStore store) {
        this.config = config;
        this.store = store;
    }

    @Override
    public void handle(ServerRequest request, ServerResponse response) throws Exception {
        // Interrupted only when Helidon stops the server: the exception ends the exchange unanswered.
        Workload.simulateWork(config.workMillis());
        HttpPrologue prologue = request.prologue();
        String method = prologue.method().text();
        String target = prologue.hasQuery()
                ? prologue.uriPath().rawPath() + "?" + prologue.query().rawValue()
                : prologue.uriPath().rawPath();
        response.header(SERVER);
        switch (Answer.forRequest(method, target)) {
            case Answer.Serve serve -> {
                HttpResponse content = switch (serve.route()) {
                    case PLAINTEXT -> HttpResponse.ok(Workload.TEXT_PLAIN, Workload.plaintextBody());
                    case JSON -> HttpResponse.ok(Workload.APPLICATION_JSON, Workload.jsonBody());
                    case ECHO -> echo(request, method, target, prologue.rawProtocol());
                    case DB, QUERIES, FORTUNES, UPDATES -> DatabaseRoutes.answer(serve.route(), target, store);
                };
                send(
                        request,
                        response,
                        Status.create(content.status().code()),
                        contentType(content.contentType()),
                        content.body());
            }
            case Answer.Options options -> {
                response.header(HeaderNames.ALLOW, options.allow());
                send(request, response, Status.OK_200, TEXT_PLAIN, new byte[0]);
            }
            case Answer.Refuse refuse -> {
                if (refuse.allow() != null) {
                    response.header(HeaderNames.ALLOW, refuse.allow());
                }
                send(
                        request,
                        response,
                        Status.create(refuse.status().code()),
                        TEXT_PLAIN,
                        Answer.errorBody(refuse.status(), refuse.detail()));
            }
        }
    }

    /** The cached field for the workload's content types, a new one for any other. */
    private static Header contentType(String value) {
        return switch (value) {
            case Workload.TEXT_PLAIN -> TEXT_PLAIN;
            case Workload.APPLICATION_JSON -> APPLICATION_JSON;
            default -> HeaderValues.create(HeaderNames.CONTENT_TYPE, value);
        };
    }

    /** Helidon has refused a declared body over {@code maxPayloadSize} before the handler runs (413). */
    private static HttpResponse echo(ServerRequest request, String method, String target, String version)
            throws Exception {
        byte[] body;
        try (InputStream in = request.content().inputStream()) {
            body = in.readAllBytes();
        }
        List<Map.Entry<String, String>> fields = new ArrayList<>();
        for (Header header : request.headers()) {
            for (String value : header.allValues()) {
                fields.add(Map.entry(header.name(), value));
            }
        }
        return HttpResponse.ok(Workload.TEXT_PLAIN, Workload.echoBody(method, target, version, fields, body));
    }

    /**
     * Sends the answer. Helidon writes what the handler sends whatever the method, so to HEAD the handler sends no
     * body and names the GET answer's length itself (Helidon keeps a Content-Length the handler set).
     */
    private static void send(
            ServerRequest request, ServerResponse response, Status status, Header contentType, byte[] body) {
        response.status(status);
        response.header(contentType);
        if ("HEAD".equals(request.prologue().method().text())) {
            response.header(HeaderValues.create(HeaderNames.CONTENT_LENGTH, body.length));
            response.send(new byte[0]);
        } else {
            response.send(body);
        }
    }
}
