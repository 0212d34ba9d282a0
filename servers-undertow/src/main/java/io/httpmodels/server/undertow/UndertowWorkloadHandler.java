package io.httpmodels.server.undertow;

import io.httpmodels.server.Route;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.http.Answer;
import io.httpmodels.server.http.HttpDate;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpStatus;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The workload on Undertow's core {@link HttpHandler}: the shared {@link Answer} decides each request's answer from
 * its method and target, as in every model. What Undertow parsed before the handler runs (the request line, the
 * fields, the framing, the limits of {@link io.undertow.UndertowOptions}) is Undertow's, not the shared codec's: that
 * is the finding.
 *
 * <p>Threading, as Undertow's documentation tells users ("Undertow Request Lifecycle"): the handler is first called
 * on the connection's XNIO I/O thread, where blocking is not allowed. An answer that needs no blocking (every route
 * without simulated work, but {@code /echo}) is written there, through the exchange's non-blocking
 * {@link io.undertow.io.Sender}. Simulated work, reading {@code /echo}'s body blocking-style, and the database
 * routes' queries are moved to the worker pool as the documentation shows: "The most common use of {@code HttpServerExchange.dispatch()} is to move
 * execution from an IO thread where blocking is not allowed into a worker thread, which does allow for blocking
 * operations" ({@code if (exchange.isInIoThread()) { exchange.dispatch(this); return; }}), and there
 * {@link HttpServerExchange#startBlocking()} turns on blocking I/O for the exchange (its javadoc: "Calling this
 * method puts the exchange in blocking mode, and creates a BlockingHttpExchange object to store the streams").
 * Thread-safe: it keeps no state of its own.
 */
final class UndertowWorkloadHandler implements HttpHandler {

    private static final HttpString ALLOW = new HttpString("Allow");

    private final String serverHeader;
    private final ServerConfig config;
    private final WorldStore store;

    /** @param store what the database routes query, on a worker thread, or {@code null} for none (they answer 503) */
    UndertowWorkloadHandler(String modelName, ServerConfig config, WorldStore store) {
        this.serverHeader = Workload.serverHeader(modelName);
        this.config = config;
        this.store = store;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        String method = exchange.getRequestMethod().toString();
        String target = target(exchange);
        Answer answer = Answer.forRequest(method, target);
        boolean blocks = answer instanceof Answer.Serve serve
                && (serve.route() == Route.ECHO || DatabaseRoutes.serves(serve.route()));
        if ((config.workMillis() > 0 || blocks) && exchange.isInIoThread()) {
            exchange.dispatch(this); // to the worker pool: this method runs again there
            return;
        }
        try {
            Workload.simulateWork(config.workMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the server is stopping
            exchange.setPersistent(false);
            exchange.endExchange();
            return;
        }
        exchange.getResponseHeaders().put(Headers.SERVER, serverHeader);
        // The project's Date, which Undertow then does not add: Undertow's own (DateUtils) is a static cache
        // cleared by a timer on the I/O thread of the server that filled it, so once that server stops within the
        // second, every later Undertow server in the JVM sends that date for ever (seen in the kits: 16 s stale and
        // frozen). One server per JVM, as the harness runs it, never meets this; see docs/model-notes/undertow.md.
        exchange.getResponseHeaders().put(Headers.DATE, HttpDate.now().toString());
        switch (answer) {
            case Answer.Serve serve -> {
                HttpResponse content = switch (serve.route()) {
                    case PLAINTEXT -> HttpResponse.ok(Workload.TEXT_PLAIN, Workload.plaintextBody());
                    case JSON -> HttpResponse.ok(Workload.APPLICATION_JSON, Workload.jsonBody());
                    case ECHO -> echo(exchange, method, target);
                    // on a worker thread: dispatched above
                    case DB, QUERIES, FORTUNES, UPDATES -> DatabaseRoutes.answer(serve.route(), target, store);
                };
                if (content != null) {
                    send(exchange, content.status().code(), content.contentType(), content.body());
                }
            }
            case Answer.Options options -> {
                exchange.getResponseHeaders().put(ALLOW, options.allow());
                send(exchange, 200, Workload.TEXT_PLAIN, new byte[0]);
            }
            case Answer.Refuse refuse -> {
                if (refuse.allow() != null) {
                    exchange.getResponseHeaders().put(ALLOW, refuse.allow());
                }
                send(
                        exchange,
                        refuse.status().code(),
                        Workload.TEXT_PLAIN,
                        Answer.errorBody(refuse.status(), refuse.detail()));
            }
        }
    }

    /** The target as received: Undertow keeps the path (with the host in absolute form) and the query apart. */
    private static String target(HttpServerExchange exchange) {
        String query = exchange.getQueryString();
        return query == null || query.isEmpty() ? exchange.getRequestURI() : exchange.getRequestURI() + "?" + query;
    }

    /**
     * On a worker thread: reads the body blocking-style, bounded by the body limit. The echo's answer, or 413; or
     * {@code null} when the exchange has ended already (a body that failed once the answer had started).
     */
    private HttpResponse echo(HttpServerExchange exchange, String method, String target) {
        long declared = exchange.getRequestContentLength();
        if (declared > config.limits().maxBodyBytes()) {
            // Refused before reading, so the body is neither invited (100-continue) nor waited for; the connection
            // must close, or the unread body would be read as the next request.
            return tooLarge(exchange);
        }
        exchange.startBlocking();
        byte[] body;
        try (InputStream in = exchange.getInputStream()) {
            body = in.readNBytes(config.limits().maxBodyBytes() + 1);
        } catch (IOException e) {
            // Undertow's own bound (MAX_ENTITY_SIZE) on a chunked body, a bad chunk, or the client gone.
            if (!exchange.isResponseStarted()) {
                return tooLarge(exchange);
            }
            exchange.setPersistent(false);
            exchange.endExchange();
            return null;
        }
        if (body.length > config.limits().maxBodyBytes()) {
            return tooLarge(exchange);
        }
        // Undertow keeps the fields in a HeaderMap: names as sent, but grouped by name and in its own order.
        List<Map.Entry<String, String>> fields = new ArrayList<>();
        HeaderMap headers = exchange.getRequestHeaders();
        for (HeaderValues values : headers) {
            for (String value : values) {
                fields.add(Map.entry(values.getHeaderName().toString(), value));
            }
        }
        return HttpResponse.ok(
                Workload.TEXT_PLAIN,
                Workload.echoBody(method, target, exchange.getProtocol().toString(), fields, body));
    }

    private HttpResponse tooLarge(HttpServerExchange exchange) {
        exchange.setPersistent(false); // Undertow then answers with Connection: close and closes
        return HttpResponse.error(
                HttpStatus.CONTENT_TOO_LARGE, "body over " + config.limits().maxBodyBytes() + " bytes");
    }

    /**
     * Sends the answer with its Content-Length, through the exchange's sender: non-blocking on the I/O thread,
     * blocking on a worker after {@code startBlocking()}. To HEAD, Undertow sends the fields and drops the body.
     */
    private static void send(HttpServerExchange exchange, int status, String contentType, byte[] body) {
        exchange.setStatusCode(status);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, contentType);
        exchange.setResponseContentLength(body.length);
        exchange.getResponseSender().send(ByteBuffer.wrap(body));
    }
}
