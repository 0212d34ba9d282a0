package io.httpmodels.server.jetty;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.http.Answer;
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
 * blocking stream on that thread too.
 *
 * <p>Thread-safe: stateless but for its final configuration.
 */
final class WorkloadHandler extends Handler.Abstract {

    private final String serverHeader;
    private final ServerConfig config;

    WorkloadHandler(String name, ServerConfig config) {
        this.serverHeader = Workload.serverHeader(name);
        this.config = config;
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
                switch (serve.route()) {
                    case PLAINTEXT -> send(response, callback, 200, Workload.TEXT_PLAIN, Workload.plaintextBody());
                    case JSON -> send(response, callback, 200, Workload.APPLICATION_JSON, Workload.jsonBody());
                    case ECHO -> echo(request, response, callback, method, target);
                }
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

    private void echo(Request request, Response response, Callback callback, String method, String target)
            throws IOException {
        if (request.getLength() > config.limits().maxBodyBytes()) {
            // Refused before reading, so the body is not waited for; Jetty closes a connection whose answer says
            // Connection: close (it must: the unread body would be read as the next request).
            response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
            tooLarge(response, callback);
            return;
        }
        byte[] body;
        try (InputStream in = Content.Source.asInputStream(request)) {
            body = in.readNBytes(config.limits().maxBodyBytes() + 1);
        }
        if (body.length > config.limits().maxBodyBytes()) {
            tooLarge(response, callback);
            return;
        }
        HttpFields headers = request.getHeaders();
        List<Map.Entry<String, String>> fields = new ArrayList<>(headers.size());
        for (HttpField field : headers) {
            fields.add(Map.entry(field.getName(), field.getValue()));
        }
        send(
                response,
                callback,
                200,
                Workload.TEXT_PLAIN,
                Workload.echoBody(
                        method, target, request.getConnectionMetaData().getProtocol(), fields, body));
    }

    private void tooLarge(Response response, Callback callback) {
        send(
                response,
                callback,
                HttpStatus.CONTENT_TOO_LARGE.code(),
                Workload.TEXT_PLAIN,
                Answer.errorBody(
                        HttpStatus.CONTENT_TOO_LARGE,
                        "body over " + config.limits().maxBodyBytes() + " bytes"));
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
