package io.httpmodels.server.tio;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import org.tio.http.common.HeaderName;
import org.tio.http.common.HeaderValue;
import org.tio.http.common.HttpConfig;
import org.tio.http.common.HttpRequest;
import org.tio.http.common.HttpResponse;
import org.tio.http.common.HttpResponseStatus;
import org.tio.http.common.RequestLine;
import org.tio.http.common.handler.HttpRequestHandler;

import java.util.Map;

/** The workload on t-io's handler API; runs on t-io's executor threads, where the blocking work sleeps. */
final class TioHandler implements HttpRequestHandler {

    private final HttpConfig httpConfig;
    private final ServerConfig config;

    TioHandler(HttpConfig httpConfig, ServerConfig config) {
        this.httpConfig = httpConfig;
        this.config = config;
    }

    @Override
    public HttpResponse handler(HttpRequest request) throws Exception {
        Workload.simulateWork(config.workMillis());
        RequestLine line = request.getRequestLine();
        String method = line.getMethod().name();
        return switch (line.getPath()) {
            case "/plaintext" -> answer(request, Workload.plaintextBody(), Workload.TEXT_PLAIN);
            case "/json" -> answer(request, Workload.jsonBody(), Workload.APPLICATION_JSON);
            case "/echo" -> {
                byte[] body = request.getBody() == null ? new byte[0] : request.getBody();
                Map<String, String> headers = request.getHeaders();
                yield answer(
                        request,
                        Workload.echoBody(
                                method,
                                line.getPathAndQuery(),
                                line.getProtocol() + "/" + line.getVersion(),
                                headers.entrySet(),
                                body),
                        Workload.TEXT_PLAIN);
            }
            default -> resp404(request, line);
        };
    }

    private static HttpResponse answer(HttpRequest request, byte[] body, String contentType) {
        HttpResponse response = new HttpResponse(request);
        response.addHeader(HeaderName.from("Content-Type"), HeaderValue.from(contentType));
        response.addHeader(HeaderName.from("Server"), HeaderValue.from(Workload.serverHeader(TioServer.NAME)));
        response.setBody(body);
        return response;
    }

    @Override
    public HttpResponse resp404(HttpRequest request, RequestLine line) {
        HttpResponse response = answer(request, new byte[0], Workload.TEXT_PLAIN);
        response.setStatus(HttpResponseStatus.C404);
        return response;
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
