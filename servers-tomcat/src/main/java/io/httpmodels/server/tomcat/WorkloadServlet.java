package io.httpmodels.server.tomcat;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.http.Answer;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpStatus;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serial;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The workload as one servlet: the shared {@link Answer} decides each request's answer from its method and target,
 * as in every model, and the simulated work sleeps in {@link #service}, on the thread Tomcat runs the servlet on
 * (a connector worker, platform or virtual), where the database routes block on their queries too. It overrides {@code service} rather than {@code doGet} and the like,
 * so every method reaches the shared answer instead of {@link HttpServlet}'s own 405s and OPTIONS. What Tomcat
 * parsed before the servlet runs (the request line, the fields, the framing) is Tomcat's: that is the finding.
 */
final class WorkloadServlet extends HttpServlet {

    @Serial
    private static final long serialVersionUID = 1L;

    private final String serverHeader;
    private final transient ServerConfig config;
    private final transient WorldStore store;

    /** @param store what the database routes query, or {@code null} for none (they answer 503) */
    WorkloadServlet(String name, ServerConfig config, WorldStore store) {
        this.serverHeader = Workload.serverHeader(name);
        this.config = config;
        this.store = store;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            Workload.simulateWork(config.workMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return; // the connector is stopping
        }
        String method = request.getMethod();
        // Tomcat hands both undecoded: the target as the client sent it (less an absolute form's scheme and host)
        String query = request.getQueryString();
        String target = query == null ? request.getRequestURI() : request.getRequestURI() + "?" + query;
        response.setHeader("Server", serverHeader);
        switch (Answer.forRequest(method, target)) {
            case Answer.Serve serve -> {
                HttpResponse content = switch (serve.route()) {
                    case PLAINTEXT -> HttpResponse.ok(Workload.TEXT_PLAIN, Workload.plaintextBody());
                    case JSON -> HttpResponse.ok(Workload.APPLICATION_JSON, Workload.jsonBody());
                    case ECHO -> echo(request, response, method, target);
                    case DB, QUERIES, FORTUNES, UPDATES -> DatabaseRoutes.answer(serve.route(), target, store);
                };
                send(response, content.status().code(), content.contentType(), content.body());
            }
            case Answer.Options options -> {
                response.setHeader("Allow", options.allow());
                send(response, 200, Workload.TEXT_PLAIN, new byte[0]);
            }
            case Answer.Refuse refuse -> {
                if (refuse.allow() != null) {
                    response.setHeader("Allow", refuse.allow());
                }
                send(
                        response,
                        refuse.status().code(),
                        Workload.TEXT_PLAIN,
                        Answer.errorBody(refuse.status(), refuse.detail()));
            }
        }
    }

    /**
     * The echo's answer, or 413; sets {@code Connection: close} on {@code response} with a 413 over HTTP/1.x (over
     * HTTP/2 the field is malformed, RFC 9113 §8.2.2: with it curl saw the stream reset, PROTOCOL_ERROR, and no 413).
     */
    private HttpResponse echo(HttpServletRequest request, HttpServletResponse response, String method, String target)
            throws IOException {
        int limit = config.limits().maxBodyBytes();
        if (request.getContentLengthLong() > limit) {
            // Refused before reading, the connection to close; Tomcat still reads off (swallows) the declared body,
            // up to its maxSwallowSize (2 MiB), before it closes (a deviation on record).
            closeAfter(request, response);
            return tooLarge();
        }
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes(limit + 1);
        }
        if (body.length > limit) {
            closeAfter(request, response);
            return tooLarge();
        }
        // Tomcat keeps the fields in arrival order, names as sent; a name's repeats come together.
        List<Map.Entry<String, String>> fields = new ArrayList<>();
        for (String field : Collections.list(request.getHeaderNames())) {
            for (String value : Collections.list(request.getHeaders(field))) {
                fields.add(Map.entry(field, value));
            }
        }
        return HttpResponse.ok(
                Workload.TEXT_PLAIN, Workload.echoBody(method, target, request.getProtocol(), fields, body));
    }

    private static void closeAfter(HttpServletRequest request, HttpServletResponse response) {
        if (!"HTTP/2.0".equals(request.getProtocol())) {
            response.setHeader("Connection", "close");
        }
    }

    private HttpResponse tooLarge() {
        return HttpResponse.error(
                HttpStatus.CONTENT_TOO_LARGE, "body over " + config.limits().maxBodyBytes() + " bytes");
    }

    /** Sends the answer with its length; to HEAD Tomcat drops the body bytes and keeps the Content-Length. */
    private static void send(HttpServletResponse response, int status, String contentType, byte[] body)
            throws IOException {
        response.setStatus(status);
        response.setContentType(contentType);
        response.setContentLength(body.length);
        if (body.length > 0) {
            OutputStream out = response.getOutputStream();
            out.write(body);
        }
    }
}
