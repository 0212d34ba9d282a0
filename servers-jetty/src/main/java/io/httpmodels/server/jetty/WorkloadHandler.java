package io.httpmodels.server.jetty;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.http.Answer;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpStatus;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The workload on Jetty's core {@link Handler} API: the shared {@link Answer} decides each request's answer from its
 * method and target, as in every model, and the simulated work sleeps in {@link #handle}, on the thread Jetty runs
 * the handler on. What Jetty parsed before the handler runs (the request line, the fields, the framing) and the
 * answers it gives itself to what it cannot parse are Jetty's, not the shared codec's: that is the finding.
 *
 * <p>A blocking handler, by design: it extends {@link Handler.Abstract}, whose invocation type is
 * {@code InvocationType.BLOCKING}, as Jetty's programming guide tells a handler that blocks to do ("If your
 * {@code Handler} implementation uses blocking APIs (of any kind), extend from {@code Handler.Abstract}", server/http
 * "Implementing Handler"). Jetty then never runs it on the thread that selects (its threading guide: "a task that
 * declares itself as blocking will stop production, and therefore must be consumed using either the
 * Produce-Execute-Consume mode or the Execute-Produce-Consume mode"), but on a thread of its {@code QueuedThreadPool}
 * or, where the pool has a virtual threads executor, on a virtual thread. The echo route reads its body with a
 * blocking stream on that thread too, and the database routes block on their queries there.
 *
 * <p>Thread-safe: stateless but for its final configuration.
 */
final class WorkloadHandler extends Handler.Abstract {

    private final String serverHeader;
    private final ServerConfig config;
    private final WorldStore store;

    /** @param store what the database routes query, or {@code null} for none (they answer 503) */
    WorkloadHandler(String name, ServerConfig config, WorldStore store) {
        this.serverHeader = Workload.serverHeader(name);
        this.config = config;
        this.store = store;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        try {
            Workload.simulateWork(config.workMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            callback.failed(e); // the server is stopping
            return true;
        }
        String method = request.getMethod();
        String target = target(request.getHttpURI());
        response.getHeaders().put(HttpHeader.SERVER, serverHeader);
        switch (Answer.forRequest(method, target)) {
            case Answer.Serve serve -> {
                HttpResponse content = switch (serve.route()) {
                    case PLAINTEXT -> HttpResponse.ok(Workload.TEXT_PLAIN, Workload.plaintextBody());
                    case JSON -> HttpResponse.ok(Workload.APPLICATION_JSON, Workload.jsonBody());
                    case ECHO -> echo(request, response, method, target);
                    case DB, QUERIES, FORTUNES, UPDATES -> DatabaseRoutes.answer(serve.route(), target, store);
                };
                send(response, callback, content.status().code(), content.contentType(), content.body());
            }
            case Answer.Options options -> {
                response.getHeaders().put(HttpHeader.ALLOW, options.allow());
                send(response, callback, 200, Workload.TEXT_PLAIN, new byte[0]);
            }
            case Answer.Refuse refuse -> {
                if (refuse.allow() != null) {
                    response.getHeaders().put(HttpHeader.ALLOW, refuse.allow());
                }
                send(
                        response,
                        callback,
                        refuse.status().code(),
                        Workload.TEXT_PLAIN,
                        Answer.errorBody(refuse.status(), refuse.detail()));
            }
        }
        return true;
    }

    /** The target as the request line gave it, as far as Jetty keeps it: the raw path and query. */
    private static String target(HttpURI uri) {
        String pathQuery = uri.getPathQuery();
        return pathQuery == null || pathQuery.isEmpty() ? "/" : pathQuery;
    }

    /** The echo's answer, or 413; sets {@code Connection: close} on {@code response} when the body is left unread. */
    private HttpResponse echo(Request request, Response response, String method, String target) throws IOException {
        if (request.getLength() > config.limits().maxBodyBytes()) {
            // Refused before reading, so the body is not waited for; Jetty closes a connection whose answer says
            // Connection: close (it must: the unread body would be read as the next request).
            response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
            return tooLarge();
        }
        byte[] body;
        try (InputStream in = Content.Source.asInputStream(request)) {
            body = in.readNBytes(config.limits().maxBodyBytes() + 1);
        }
        if (body.length > config.limits().maxBodyBytes()) {
            return tooLarge();
        }
        HttpFields headers = request.getHeaders();
        List<Map.Entry<String, String>> fields = new ArrayList<>(headers.size());
        for (HttpField field : headers) {
            fields.add(Map.entry(field.getName(), field.getValue()));
        }
        return HttpResponse.ok(
                Workload.TEXT_PLAIN,
                Workload.echoBody(
                        method, target, request.getConnectionMetaData().getProtocol(), fields, body));
    }

    private HttpResponse tooLarge() {
        return HttpResponse.error(
                HttpStatus.CONTENT_TOO_LARGE, "body over " + config.limits().maxBodyBytes() + " bytes");
    }

    /**
     * Sends the whole answer in one last write, which completes {@code callback}; Jetty sends no body to HEAD but
     * keeps the Content-Length named here, the GET answer's.
     */
    private static void send(Response response, Callback callback, int status, String contentType, byte[] body) {
        response.setStatus(status);
        HttpFields.Mutable headers = response.getHeaders();
        headers.put(HttpHeader.CONTENT_TYPE, contentType);
        headers.put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }
}
