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
import io.httpmodels.server.http.Answer;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The workload on Helidon's {@link Handler}: the shared {@link Answer} decides each request's answer from its method
 * and target, as in every model; the simulated work sleeps here, on the connection's virtual thread (see
 * {@link HelidonServer}). What Helidon parsed before the handler runs (the request line, the fields, the framing,
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

    HelidonHandler(ServerConfig config) {
        this.config = config;
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
                switch (serve.route()) {
                    case PLAINTEXT -> send(request, response, Status.OK_200, TEXT_PLAIN, Workload.plaintextBody());
                    case JSON -> send(request, response, Status.OK_200, APPLICATION_JSON, Workload.jsonBody());
                    case ECHO -> echo(request, response, method, target, prologue.rawProtocol());
                }
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

    /** Helidon has refused a declared body over {@code maxPayloadSize} before the handler runs (413). */
    private static void echo(
            ServerRequest request, ServerResponse response, String method, String target, String version)
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
        send(request, response, Status.OK_200, TEXT_PLAIN, Workload.echoBody(method, target, version, fields, body));
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
