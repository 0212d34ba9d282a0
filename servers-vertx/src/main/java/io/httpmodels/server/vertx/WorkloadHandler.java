package io.httpmodels.server.vertx;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.http.Answer;
import io.httpmodels.server.http.HttpDate;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpStatus;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;

/**
 * The workload on Vert.x's request handler: the shared {@link Answer} decides each request's answer from its method
 * and target, as in every model. It runs on the event loop of the verticle instance that owns the connection; with
 * {@link ServerConfig#workMillis()} it first pauses the request and hands the sleep to Vert.x's worker pool with
 * {@link Vertx#executeBlocking(java.util.concurrent.Callable, boolean) executeBlocking(..., false)}, and answers
 * back on the event loop when the sleep is done. What Vert.x parsed before the handler runs (the request line, the
 * fields, the framing) is Vert.x's (Netty's decoder), not the shared codec's: that is the finding. The database
 * routes query through the verticle's {@link PgWorlds}, asynchronously on the same event loop, and are answered when
 * the rows arrive; without a database they answer 503 at once.
 *
 * <p>One instance per verticle instance, used only on its event loop, so not thread-safe and needing not to be.
 */
final class WorkloadHandler implements Handler<HttpServerRequest> {

    private final Vertx vertx;
    private final ServerConfig config;
    private final String serverHeader;
    private final PgWorlds database;

    /** @param database what the database routes query, or {@code null} without a database (they answer 503) */
    WorkloadHandler(Vertx vertx, String name, ServerConfig config, PgWorlds database) {
        this.vertx = vertx;
        this.config = config;
        this.serverHeader = Workload.serverHeader(name);
        this.database = database;
    }

    @Override
    public void handle(HttpServerRequest request) {
        if (config.workMillis() == 0) {
            answer(request);
            return;
        }
        // Paused so that a body arriving during the work waits in Vert.x's queue rather than reaching no handler.
        request.pause();
        vertx.executeBlocking(this::work, false).onComplete(done -> {
            if (done.succeeded()) {
                answer(request);
            } else {
                request.connection().close(); // interrupted: Vert.x is closing
            }
        });
    }

    private Void work() throws InterruptedException {
        Workload.simulateWork(config.workMillis());
        return null;
    }

    private void answer(HttpServerRequest request) {
        String method = request.method().name();
        String target = request.uri();
        switch (Answer.forRequest(method, target)) {
            case Answer.Serve serve -> {
                switch (serve.route()) {
                    case PLAINTEXT -> send(request, 200, Workload.TEXT_PLAIN, Workload.plaintextBody());
                    case JSON -> send(request, 200, Workload.APPLICATION_JSON, Workload.jsonBody());
                    case ECHO -> echo(request, method, target);
                    case DB, QUERIES, FORTUNES, UPDATES -> {
                        if (database == null) {
                            send(request, DatabaseRoutes.answer(serve.route(), target, null));
                        } else {
                            // Paused until the rows arrive, as for the work: a body waits in Vert.x's queue.
                            request.pause();
                            database.answer(serve.route(), target).onComplete(answer -> send(request, answer.result()));
                        }
                    }
                }
            }
            case Answer.Options options -> {
                request.response().putHeader(HttpHeaders.ALLOW, options.allow());
                send(request, 200, Workload.TEXT_PLAIN, new byte[0]);
            }
            case Answer.Refuse refuse -> {
                if (refuse.allow() != null) {
                    request.response().putHeader(HttpHeaders.ALLOW, refuse.allow());
                }
                send(
                        request,
                        refuse.status().code(),
                        Workload.TEXT_PLAIN,
                        Answer.errorBody(refuse.status(), refuse.detail()));
            }
        }
    }

    private Future<Void> send(HttpServerRequest request, HttpResponse answer) {
        return send(request, answer.status().code(), answer.contentType(), answer.body());
    }

    /** Reads the body up to the limit (Vert.x core has none of its own) and sends it back with the head. */
    private void echo(HttpServerRequest request, String method, String target) {
        String declared = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (declared != null && declaredOver(declared, config.limits().maxBodyBytes())) {
            refuseTooLarge(request); // before reading, so the body is not waited for
            return;
        }
        if (request.version() == HttpVersion.HTTP_1_1
                && "100-continue".equalsIgnoreCase(request.getHeader(HttpHeaders.EXPECT))) {
            // Vert.x leaves the interim answer to the application (handle100ContinueAutomatically is off by
            // default): invited only once the declared length is known to fit.
            request.response().writeContinue();
        }
        BodyCollector body = new BodyCollector(config.limits().maxBodyBytes());
        request.handler(chunk -> {
            if (!body.add(chunk)) {
                refuseTooLarge(request);
            }
        });
        request.endHandler(end -> {
            if (!body.over()) {
                String version = switch (request.version()) {
                    case HTTP_1_0 -> "HTTP/1.0";
                    case HTTP_1_1 -> "HTTP/1.1";
                    case HTTP_2 -> "HTTP/2.0";
                };
                send(
                        request,
                        200,
                        Workload.TEXT_PLAIN,
                        Workload.echoBody(method, target, version, request.headers(), body.bytes()));
            }
        });
        resume(request);
    }

    /** Resumes {@code request}, except an HTTP/2 one already ended, whose {@code resume()} throws. */
    private static void resume(HttpServerRequest request) {
        if (request.version() != HttpVersion.HTTP_2 || !request.isEnded()) {
            request.resume();
        }
    }

    // Closed after the answer: the unread rest of the body would otherwise be read as the next request. Over HTTP/2
    // only the stream ends (the connection's other streams go on, and HTTP/2 carries no Connection field).
    private void refuseTooLarge(HttpServerRequest request) {
        if (request.response().ended()) {
            return;
        }
        if (request.version() == HttpVersion.HTTP_2) {
            send(
                    request,
                    413,
                    Workload.TEXT_PLAIN,
                    Answer.errorBody(
                            HttpStatus.CONTENT_TOO_LARGE,
                            "body over " + config.limits().maxBodyBytes() + " bytes"));
            return;
        }
        request.response().putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
        send(
                        request,
                        413,
                        Workload.TEXT_PLAIN,
                        Answer.errorBody(
                                HttpStatus.CONTENT_TOO_LARGE,
                                "body over " + config.limits().maxBodyBytes() + " bytes"))
                .onComplete(sent -> request.connection().close());
    }

    private static boolean declaredOver(String declared, int limit) {
        try {
            return Long.parseLong(declared.trim()) > limit;
        } catch (NumberFormatException e) {
            return false; // Vert.x's decoder refuses a malformed one before the handler runs
        }
    }

    /**
     * Sends the answer; Vert.x adds the Content-Length of a body given whole to {@code end}. To HEAD it sends no
     * body and no Content-Length of its own, so the handler names the GET answer's length itself.
     */
    private Future<Void> send(HttpServerRequest request, int status, String contentType, byte[] body) {
        resume(request); // a body nobody reads is read off by Vert.x, so the connection can go on
        HttpServerResponse response = request.response();
        response.setStatusCode(status);
        response.putHeader(HttpHeaders.SERVER, serverHeader);
        response.putHeader(HttpHeaders.DATE, HttpDate.now().toString());
        response.putHeader(HttpHeaders.CONTENT_TYPE, contentType);
        if (request.method() == HttpMethod.HEAD) {
            response.putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(body.length));
            return response.end();
        }
        return response.end(Buffer.buffer(body));
    }

    /** The echo route's body as it arrives, up to a limit. Used on one event loop only. */
    private static final class BodyCollector {

        private final int limit;
        private final Buffer buffer = Buffer.buffer();
        private boolean over;

        BodyCollector(int limit) {
            this.limit = limit;
        }

        /** Adds {@code chunk}; false once the body has gone over the limit (and for every chunk after). */
        boolean add(Buffer chunk) {
            if (over || buffer.length() + chunk.length() > limit) {
                over = true;
                return false;
            }
            buffer.appendBuffer(chunk);
            return true;
        }

        boolean over() {
            return over;
        }

        byte[] bytes() {
            return buffer.getBytes();
        }
    }
}
