package io.httpmodels.server.jdk;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.http.Answer;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpStatus;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The workload on the JDK's {@link HttpHandler}: the shared {@link Answer} decides each request's answer from its
 * method and target, as in every model; the simulated work sleeps in the handler, and the database routes block on
 * their queries there, on whatever thread the JDK's server runs it. What the JDK parsed before the handler runs (the request line, the fields, the framing) is the
 * JDK's, not the shared codec's: that is the finding.
 */
final class WorkloadHandler implements HttpHandler {

    private final String name;
    private final ServerConfig config;
    private final WorldStore store;

    /** @param store what the database routes query, or {@code null} for none (they answer 503) */
    WorkloadHandler(String name, ServerConfig config, WorldStore store) {
        this.name = name;
        this.config = config;
        this.store = store;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            try {
                Workload.simulateWork(config.workMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return; // the server is stopping
            }
            URI uri = exchange.getRequestURI();
            String target = uri.getRawQuery() == null ? uri.getRawPath() : uri.getRawPath() + "?" + uri.getRawQuery();
            String method = exchange.getRequestMethod();
            Headers headers = exchange.getResponseHeaders();
            headers.set("Server", Workload.serverHeader(name));
            switch (Answer.forRequest(method, target)) {
                case Answer.Serve serve -> {
                    HttpResponse content = switch (serve.route()) {
                        case PLAINTEXT -> HttpResponse.ok(Workload.TEXT_PLAIN, Workload.plaintextBody());
                        case JSON -> HttpResponse.ok(Workload.APPLICATION_JSON, Workload.jsonBody());
                        case ECHO -> echo(exchange, method, target);
                        case DB, QUERIES, FORTUNES, UPDATES -> DatabaseRoutes.answer(serve.route(), target, store);
                    };
                    send(exchange, content.status().code(), content.contentType(), content.body());
                }
                case Answer.Options options -> {
                    headers.set("Allow", options.allow());
                    send(exchange, 200, Workload.TEXT_PLAIN, new byte[0]);
                }
                case Answer.Refuse refuse -> {
                    if (refuse.allow() != null) {
                        headers.set("Allow", refuse.allow());
                    }
                    send(
                            exchange,
                            refuse.status().code(),
                            Workload.TEXT_PLAIN,
                            Answer.errorBody(refuse.status(), refuse.detail()));
                }
            }
        }
    }

    private HttpResponse echo(HttpExchange exchange, String method, String target) throws IOException {
        String declared = exchange.getRequestHeaders().getFirst("Content-Length");
        if (declared != null && declaredOver(declared, config.limits().maxBodyBytes())) {
            // Refused before reading, so the body is not waited for; the JDK closes a connection whose answer
            // says Connection: close, and it must close: the unread body would be read as the next request.
            exchange.getResponseHeaders().set("Connection", "close");
            return tooLarge();
        }
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readNBytes(config.limits().maxBodyBytes() + 1);
        }
        if (body.length > config.limits().maxBodyBytes()) {
            return tooLarge();
        }
        // The JDK keeps fields in a map, names normalised (first letter upper): the arrival order is gone.
        List<Map.Entry<String, String>> fields = new ArrayList<>();
        exchange.getRequestHeaders()
                .forEach((field, values) -> values.forEach(value -> fields.add(Map.entry(field, value))));
        return HttpResponse.ok(
                Workload.TEXT_PLAIN, Workload.echoBody(method, target, exchange.getProtocol(), fields, body));
    }

    private HttpResponse tooLarge() {
        return HttpResponse.error(
                HttpStatus.CONTENT_TOO_LARGE, "body over " + config.limits().maxBodyBytes() + " bytes");
    }

    private static boolean declaredOver(String declared, int limit) {
        try {
            return Long.parseLong(declared.trim()) > limit;
        } catch (NumberFormatException e) {
            return false; // the JDK refuses a malformed one before the handler runs
        }
    }

    /**
     * Sends the answer; an empty body as "no body" (-1), since 0 asks the JDK for chunked encoding. To HEAD the
     * JDK sends no body and no Content-Length of its own, so the handler names the GET answer's length itself.
     */
    private static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        boolean head = "HEAD".equals(exchange.getRequestMethod());
        if (head) {
            exchange.getResponseHeaders().set("Content-Length", String.valueOf(body.length));
        }
        exchange.sendResponseHeaders(status, body.length == 0 || head ? -1 : body.length);
        if (!head && body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
