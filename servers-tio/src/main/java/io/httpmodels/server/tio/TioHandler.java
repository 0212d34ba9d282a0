package io.httpmodels.server.tio;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.http.Answer;
import io.httpmodels.server.http.HttpStatus;
import org.tio.http.common.HeaderName;
import org.tio.http.common.HeaderValue;
import org.tio.http.common.HttpConfig;
import org.tio.http.common.HttpRequest;
import org.tio.http.common.HttpResponse;
import org.tio.http.common.HttpResponseStatus;
import org.tio.http.common.RequestLine;
import org.tio.http.common.handler.HttpRequestHandler;

import java.util.Map;

/**
 * The workload on t-io's handler API; runs on t-io's executor threads, where the blocking work sleeps and the
 * database routes block on their queries.
 */
final class TioHandler implements HttpRequestHandler {

    private final HttpConfig httpConfig;
    private final ServerConfig config;
    private final WorldStore store;

    /**
     * @param store what the database routes query, on the tio executor's thread, or {@code null} for none (503)
     */
    TioHandler(HttpConfig httpConfig, ServerConfig config, WorldStore store) {
        this.httpConfig = httpConfig;
        this.config = config;
        this.store = store;
    }

    @Override
    public HttpResponse handler(HttpRequest request) throws Exception {
        Workload.simulateWork(config.workMillis());
        RequestLine line = request.getRequestLine();
        String method = line.getMethod().name();
        String target = line.getPathAndQuery();
        Answer decided = Answer.forRequest(method, target);
        if (!(decided instanceof Answer.Serve serve)) {
            return withoutContent(request, decided);
        }
        return switch (serve.route()) {
            case PLAINTEXT -> answer(request, Workload.plaintextBody(), Workload.TEXT_PLAIN);
            case JSON -> answer(request, Workload.jsonBody(), Workload.APPLICATION_JSON);
            case ECHO -> {
                byte[] body = request.getBody() == null ? new byte[0] : request.getBody();
                Map<String, String> headers = request.getHeaders();
                yield answer(
                        request,
                        Workload.echoBody(
                                method, target, line.getProtocol() + "/" + line.getVersion(), headers.entrySet(), body),
                        Workload.TEXT_PLAIN);
            }
            case DB, QUERIES, FORTUNES, UPDATES -> {
                io.httpmodels.server.http.HttpResponse answer = DatabaseRoutes.answer(serve.route(), target, store);
                HttpResponse response = answer(request, answer.body(), answer.contentType());
                response.setStatus(status(answer.status()));
                // t-io gzips every body of 300 bytes or more, asked or not (its HttpRequest.getIsSupportGzip() is
                // always true): marked as done, it sends these as they are, as TechEmpower's rules ask.
                response.setHasGzipped(true);
                yield response;
            }
        };
    }

    private static HttpResponse withoutContent(HttpRequest request, Answer decided) {
        return switch (decided) {
            case Answer.Options options -> {
                HttpResponse response = answer(request, new byte[0], Workload.TEXT_PLAIN);
                response.addHeader(HeaderName.from("Allow"), HeaderValue.from(options.allow()));
                yield response;
            }
            case Answer.Refuse refuse -> {
                HttpResponse response =
                        answer(request, Answer.errorBody(refuse.status(), refuse.detail()), Workload.TEXT_PLAIN);
                response.setStatus(status(refuse.status()));
                if (refuse.allow() != null) {
                    response.addHeader(HeaderName.from("Allow"), HeaderValue.from(refuse.allow()));
                }
                yield response;
            }
            case Answer.Serve serve -> throw new IllegalArgumentException("has content: " + serve);
        };
    }

    private static HttpResponse answer(HttpRequest request, byte[] body, String contentType) {
        HttpResponse response = new HttpResponse(request);
        response.addHeader(HeaderName.from("Content-Type"), HeaderValue.from(contentType));
        response.addHeader(HeaderName.from("Server"), HeaderValue.from(Workload.serverHeader(TioServer.NAME)));
        response.setBody(body);
        return response;
    }

    private static HttpResponseStatus status(HttpStatus status) {
        return switch (status.code()) {
            case 200 -> HttpResponseStatus.C200;
            case 400 -> HttpResponseStatus.C400;
            case 404 -> HttpResponseStatus.C404;
            case 405 -> HttpResponseStatus.C405;
            case 501 -> HttpResponseStatus.C501;
            case 503 -> HttpResponseStatus.C503;
            default -> HttpResponseStatus.C500;
        };
    }

    @Override
    public HttpResponse resp404(HttpRequest request, RequestLine line) {
        return withoutContent(
                request, new Answer.Refuse(HttpStatus.NOT_FOUND, "no route for " + line.getPathAndQuery(), null));
    }

    @Override
    public HttpResponse resp500(HttpRequest request, RequestLine line, Throwable cause) {
        HttpResponse response = answer(request, new byte[0], Workload.TEXT_PLAIN);
        response.setStatus(HttpResponseStatus.C500);
        return response;
    }

    @Override
    public HttpConfig getHttpConfig(HttpRequest request) {
        return httpConfig;
    }

    @Override
    public void clearStaticResCache() {}
}
