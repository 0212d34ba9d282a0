package io.httpmodels.server.netty;

import io.httpmodels.server.Route;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.http.Answer;
import io.httpmodels.server.http.HostField;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpStatus;
import io.httpmodels.server.http.RequestRejectedException;
import io.httpmodels.server.http.TransferCodings;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpContentException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;

import javax.net.ssl.SSLException;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * Turns the decoded requests of one connection into the workload's responses, in order.
 *
 * <p>The fast path is a bodiless GET: {@link NettyRequestDecoder} hands over a {@link DefaultHttpRequest}, the
 * handler writes a response built from pre-built parts with the channel's void promise, and
 * {@link #channelReadComplete} flushes once per read batch, so 16 pipelined requests leave in one write. Bodies
 * (echo, chunked or not), {@code Expect: 100-continue} and every error take their own methods.
 *
 * <p>With {@link ServerConfig#workMillis()} &gt; 0 the handler never sleeps on its event loop, unlike the
 * reference article's Netty server, which slept on it and so stalled every connection sharing the loop. Each
 * response is built on the loop, then the work runs on the model's work executor and the completion comes back
 * to the loop, where responses leave strictly in request order through {@link OrderedResponses}. One connection's
 * requests are worked one after another (pipelined or not), as a blocking server would; the loop meanwhile
 * serves every other connection.
 *
 * <p>The database routes ({@link DatabaseRoutes}) block on the database, so with a store they always go to the work
 * executor, which runs the work (if any), then the queries, and builds the response there: the loop never waits
 * for a query, and the answer joins the connection's others in request order as a worked answer does. Without a
 * store they answer 503 on the loop, saying so.
 *
 * <p>Backpressure: the connection is not read while its unsent answers are over
 * {@link ServerConfig.Limits#maxPendingOutputBytes()}, counting both those in the channel (its writability) and those
 * still waiting for their work, and is read again once they are down to half ({@link #channelWritabilityChanged}).
 *
 * <p>One instance per connection, used only on that channel's event loop: not thread-safe, not sharable.
 */
final class NettyServerHandler extends ChannelInboundHandlerAdapter {

    private final int maxBodyBytes;
    private final int workMillis;
    private final int maxPendingOutputBytes;
    private final int resumeReadingBelowBytes;

    /** This connection's answers on their way out, in request order, with the simulated work off-loaded. */
    private final OrderedResponses responses;

    /** Set once a response that closes the connection is decided: everything read after it is dropped. */
    private boolean closing;

    /** Reading is paused: the connection's unsent answers are over the bound. */
    private boolean paused;

    /** The request whose body is being read, or {@code null}. */
    private HttpRequest bodyRequest;

    /** What {@link #bodyRequest} is answered with once its body is read: a route's content, or no content. */
    private Answer bodyAnswer;

    private CompositeByteBuf body;
    private long bodyBytes;

    /** The responses this model writes (its name in the {@code Server} header). */
    private final NettyResponses answers;

    /** What the database routes query, on the work executor; {@code null} without a database (they answer 503). */
    private final WorldStore store;

    /** The netty model's handler, without a database. */
    NettyServerHandler(ServerConfig config, Executor workExecutor) {
        this(config, workExecutor, NettyResponses.NETTY, null);
    }

    /**
     * @param workExecutor where simulated work and queries run; {@code null} when {@code config.workMillis()} is 0
     *                     and there is no {@code store}
     * @param answers the responses of the model this handler serves
     * @param store what the database routes query, or {@code null} for none
     */
    NettyServerHandler(ServerConfig config, Executor workExecutor, NettyResponses answers, WorldStore store) {
        this.answers = answers;
        this.store = store;
        this.maxBodyBytes = config.limits().maxBodyBytes();
        this.workMillis = config.workMillis();
        this.maxPendingOutputBytes = config.limits().maxPendingOutputBytes();
        this.resumeReadingBelowBytes = config.limits().resumeReadingBelowBytes();
        if ((workMillis > 0 || store != null) && workExecutor == null) {
            throw new IllegalArgumentException("workMillis > 0 or a database needs a work executor");
        }
        this.responses =
                new OrderedResponses(workExecutor, workMillis, () -> closing = true, this::resumeReadingIfDrained);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        // Fast path: a request without a body, then the decoder's shared empty last content.
        if (msg.getClass() == DefaultHttpRequest.class) {
            onRequest(ctx, (DefaultHttpRequest) msg);
        } else if (msg == LastHttpContent.EMPTY_LAST_CONTENT && bodyRequest == null) {
            return;
        } else {
            channelReadSlowPath(ctx, msg);
        }
    }

    private void channelReadSlowPath(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof HttpRequest request) {
                onRequest(ctx, request);
            } else if (msg instanceof HttpContent content) {
                onContent(ctx, content);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        responses.flushIfWritten(ctx);
    }

    /**
     * Backpressure: the channel turns unwritable as its unsent answers pass
     * {@link ServerConfig.Limits#maxPendingOutputBytes()} (its high water mark, within the very write that crossed it)
     * and writable again below half of it. While it is unwritable nothing more is read: the requests already read are
     * still answered (one read's worth at most), but a client that never reads cannot make the server queue answers
     * without end. {@link WriteDeadlineHandler} closes the connection if it stays so for the idle timeout.
     */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            resumeReadingIfDrained(ctx);
        } else {
            pauseReading(ctx);
        }
        ctx.fireChannelWritabilityChanged();
    }

    private void pauseReading(ChannelHandlerContext ctx) {
        if (!paused) {
            paused = true;
            ctx.channel().config().setAutoRead(false);
        }
    }

    // Answers waiting for their work count too; they are not in the channel yet.
    private void pauseReadingIfQueuedTooMuch(ChannelHandlerContext ctx) {
        if (responses.queuedBytes() > maxPendingOutputBytes) {
            pauseReading(ctx);
        }
    }

    private void resumeReadingIfDrained(ChannelHandlerContext ctx) {
        if (paused && !closing && ctx.channel().isWritable() && responses.queuedBytes() <= resumeReadingBelowBytes) {
            paused = false;
            ctx.channel().config().setAutoRead(true);
        }
    }

    private void onRequest(ChannelHandlerContext ctx, HttpRequest request) {
        if (closing) {
            return;
        }
        DecoderResult result = request.decoderResult();
        if (result.isFailure()) {
            rejectUndecodable(ctx, request, result.cause());
            return;
        }
        HttpVersion version = request.protocolVersion();
        if (version != HttpVersion.HTTP_1_1 && version != HttpVersion.HTTP_1_0) {
            if (!"HTTP".equals(version.protocolName())) {
                fail(ctx, HttpStatus.BAD_REQUEST, "malformed HTTP version " + version.text());
            } else {
                fail(ctx, HttpStatus.HTTP_VERSION_NOT_SUPPORTED, version.text() + " is not supported");
            }
            return;
        }
        HttpHeaders headers = request.headers();
        long contentLength = 0;
        boolean chunked = false;
        if (headers.contains(HttpHeaderNames.CONTENT_LENGTH) || headers.contains(HttpHeaderNames.TRANSFER_ENCODING)) {
            if (!checkFraming(ctx, headers)) {
                return;
            }
            chunked = headers.contains(HttpHeaderNames.TRANSFER_ENCODING);
            contentLength = chunked ? -1 : Long.parseLong(headers.get(HttpHeaderNames.CONTENT_LENGTH));
        }
        if (contentLength > maxBodyBytes) {
            fail(
                    ctx,
                    HttpStatus.CONTENT_TOO_LARGE,
                    "Content-Length " + contentLength + " is over the limit of " + maxBodyBytes + " bytes");
            return;
        }
        Answer answer = Answer.forRequest(request.method().asciiName(), request.uri());
        if ((chunked || contentLength > 0) && !isAnsweredBeforeItsBody(answer)) {
            startBody(ctx, request, answer);
            return;
        }
        if (answer instanceof Answer.Serve serve) {
            respond(ctx, request, serve.route(), null);
        } else {
            answerWithoutContent(ctx, request, answer);
        }
    }

    /**
     * Whether a request with a body is answered as soon as its head is read, before the body: only a refusal that
     * is the client's error (4xx: 400, 404, 405), which the body cannot turn into anything else (at worst a
     * malformed body, 400, after which the connection closes). Any other answer waits for the body, as the blocking
     * codec waits: a success (a route's content, {@code OPTIONS}'s 200) or a server error (CONNECT's 501) must not
     * be sent for a message whose framing then turns out invalid, which RFC 9112 §6.3 and §7.1 make a 400 (found by
     * CodecDifferentialFuzzTest).
     */
    private static boolean isAnsweredBeforeItsBody(Answer answer) {
        return answer instanceof Answer.Refuse refuse && refuse.status().code() < 500;
    }

    /**
     * Checks {@code Content-Length} and {@code Transfer-Encoding} (RFC 9112 section 6): one plain decimal
     * length, or exactly {@code chunked} ({@link TransferCodings}, as the blocking codec), never both. Netty's
     * decoder rejects most bad framing itself; this makes the statuses exact and covers what it tolerates
     * (HTTP/1.0 lists, a leading '+').
     */
    private boolean checkFraming(ChannelHandlerContext ctx, HttpHeaders headers) {
        List<String> lengths = headers.getAll(HttpHeaderNames.CONTENT_LENGTH);
        List<String> encodings = headers.getAll(HttpHeaderNames.TRANSFER_ENCODING);
        if (!lengths.isEmpty() && !encodings.isEmpty()) {
            fail(ctx, HttpStatus.BAD_REQUEST, "both Content-Length and Transfer-Encoding");
            return false;
        }
        if (!encodings.isEmpty()) {
            RequestRejectedException refusal = TransferCodings.refusal(encodings);
            if (refusal != null) {
                fail(ctx, refusal.status(), refusal.detail());
                return false;
            }
            return true;
        }
        if (lengths.size() != 1 || !isPlainDecimal(lengths.get(0))) {
            fail(ctx, HttpStatus.BAD_REQUEST, "invalid Content-Length " + String.join(", ", lengths));
            return false;
        }
        return true;
    }

    private static boolean isPlainDecimal(String value) {
        if (value.isEmpty() || value.length() > 18) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** Maps what Netty's decoder rejected to the contract's status. */
    private void rejectUndecodable(ChannelHandlerContext ctx, HttpRequest request, Throwable cause) {
        if (cause instanceof TooLongHttpLineException) {
            fail(ctx, HttpStatus.URI_TOO_LONG, "request line is longer than the limit");
            return;
        }
        if (cause instanceof TooLongHttpHeaderException) {
            fail(ctx, HttpStatus.HEADER_FIELDS_TOO_LARGE, "header fields are larger than the limit");
            return;
        }
        // The request line was read whole before the fields the decoder refused: an unsupported version is answered
        // 505 first, as the blocking codec answers it (found by CodecDifferentialFuzzTest).
        HttpVersion version = request.protocolVersion();
        if (version != HttpVersion.HTTP_1_1
                && version != HttpVersion.HTTP_1_0
                && "HTTP".equals(version.protocolName())) {
            fail(ctx, HttpStatus.HTTP_VERSION_NOT_SUPPORTED, version.text() + " is not supported");
            return;
        }
        // The decoder keeps the headers it had parsed: its framing refusals get the framing statuses. Only those:
        // a malformed field line is a 400 whatever framing the lines before it asked for, as in the blocking
        // codec, which refuses the line before it looks at the framing (found by CodecDifferentialFuzzTest).
        HttpHeaders headers = request.headers();
        if (isAboutFraming(cause)
                && (headers.contains(HttpHeaderNames.CONTENT_LENGTH)
                        || headers.contains(HttpHeaderNames.TRANSFER_ENCODING))) {
            // In the blocking codec's order: Host, then Transfer-Encoding in HTTP/1.0, then the codings.
            List<String> hosts = headers.getAll(HttpHeaderNames.HOST);
            String hostProblem = HostField.problem(
                    hosts.size(), hosts.isEmpty() ? null : hosts.get(0), version == HttpVersion.HTTP_1_1);
            if (hostProblem != null) {
                fail(ctx, HttpStatus.BAD_REQUEST, hostProblem);
                return;
            }
            if (version == HttpVersion.HTTP_1_0 && headers.contains(HttpHeaderNames.TRANSFER_ENCODING)) {
                fail(ctx, HttpStatus.BAD_REQUEST, "Transfer-Encoding in an HTTP/1.0 request");
                return;
            }
            if (!checkFraming(ctx, headers)) {
                return;
            }
        }
        fail(ctx, HttpStatus.BAD_REQUEST, "malformed request: " + cause.getMessage());
    }

    // Netty's framing refusals, by the start of their messages (HttpUtil's Content-Length checks, HttpObjectDecoder's
    // Transfer-Encoding rules in 4.2). Named one by one: a refusal that merely names a framing field is a malformed
    // line, as the blocking codec says, whichever field it is (found by CodecDifferentialFuzzTest: a NUL in a
    // Transfer-Encoding value, then a field named "X-Transfer-Encoding\1", were answered with the codings, 501).
    private static final List<String> FRAMING_REFUSALS = List.of(
            "multiple content-length values found",
            "content-length value",
            "content-length are not allowed",
            "chunked must be the last encoding",
            "the transfer-encoding header is only allowed");

    private static boolean isAboutFraming(Throwable cause) {
        String message = cause.getMessage();
        if (message == null) {
            return false;
        }
        String lower = message.toLowerCase(java.util.Locale.ROOT);
        return FRAMING_REFUSALS.stream().anyMatch(lower::startsWith);
    }

    private void startBody(ChannelHandlerContext ctx, HttpRequest request, Answer answer) {
        bodyRequest = request;
        bodyAnswer = answer;
        bodyBytes = 0;
        body = answer instanceof Answer.Serve serve && serve.route() == Route.ECHO
                ? ctx.alloc().compositeBuffer(Integer.MAX_VALUE)
                : null;
        if (HttpUtil.is100ContinueExpected(request)) {
            responses.emit(ctx, NettyResponses.continueResponse(), false);
            responses.flushIfWritten(ctx);
        }
    }

    private void onContent(ChannelHandlerContext ctx, HttpContent content) {
        if (closing) {
            return;
        }
        if (bodyRequest == null) {
            if (content.decoderResult().isFailure()) {
                // The body of a request answered before it (404, 405) is malformed: where the next request would
                // start is lost, so the connection ends after that answer (found by CodecDifferentialFuzzTest).
                closing = true;
                ctx.channel().config().setAutoRead(false);
                responses.closeAfterQueued(ctx);
            }
            return;
        }
        if (content.decoderResult().isFailure()) {
            Throwable cause = content.decoderResult().cause();
            if (cause instanceof TooLongHttpContentException) {
                fail(ctx, HttpStatus.CONTENT_TOO_LARGE, cause.getMessage());
            } else {
                fail(ctx, HttpStatus.BAD_REQUEST, "malformed body: " + cause.getMessage());
            }
            return;
        }
        ByteBuf bytes = content.content();
        bodyBytes += bytes.readableBytes();
        if (bodyBytes > maxBodyBytes) {
            fail(ctx, HttpStatus.CONTENT_TOO_LARGE, "body is over the limit of " + maxBodyBytes + " bytes");
            return;
        }
        if (body != null && bytes.isReadable()) {
            body.addComponent(true, bytes.retain());
        }
        if (content instanceof LastHttpContent) {
            HttpRequest request = bodyRequest;
            Answer answer = bodyAnswer;
            byte[] received = body == null ? new byte[0] : ByteBufUtil.getBytes(body);
            releaseBody();
            if (answer instanceof Answer.Serve serve) {
                respond(ctx, request, serve.route(), received);
            } else {
                answerWithoutContent(ctx, request, answer);
            }
        }
    }

    private void respond(ChannelHandlerContext ctx, HttpRequest request, Route route, byte[] requestBody) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        boolean head = request.method() == HttpMethod.HEAD;
        boolean http10 = request.protocolVersion() == HttpVersion.HTTP_1_0;
        if (!keepAlive) {
            closing = true;
        }
        if (store != null && DatabaseRoutes.serves(route)) {
            respondFromDatabase(ctx, route, request.uri(), head, keepAlive, http10);
            return;
        }
        FullHttpResponse response = switch (route) {
            case PLAINTEXT -> answers.plaintext(head);
            case JSON -> answers.ok(Workload.jsonBody(), NettyResponses.APPLICATION_JSON, head);
            case ECHO -> answers.ok(echo(request, requestBody), NettyResponses.TEXT_PLAIN, head);
            // Without a store: 503 at once, saying the server has no database.
            case DB, QUERIES, FORTUNES, UPDATES -> answers.of(DatabaseRoutes.answer(route, request.uri(), null), head);
        };
        withConnection(response, keepAlive, http10);
        if (workMillis > 0) {
            responses.offload(ctx, response, !keepAlive);
            pauseReadingIfQueuedTooMuch(ctx);
        } else {
            responses.emit(ctx, response, !keepAlive);
        }
    }

    /**
     * A database route's answer, queried and built on the work executor (after the work, if any); it leaves in
     * request order. The request itself is not kept: the job holds only its target.
     */
    private void respondFromDatabase(
            ChannelHandlerContext ctx, Route route, String target, boolean head, boolean keepAlive, boolean http10) {
        WorldStore queried = store;
        NettyResponses built = answers;
        responses.offloadAnswer(
                ctx,
                () -> withConnection(built.of(queryOrFail(route, target, queried), head), keepAlive, http10),
                !keepAlive);
        pauseReadingIfQueuedTooMuch(ctx);
    }

    // On a work thread. DatabaseRoutes answers a failing database 503 itself; anything else is a bug, which still
    // gets an answer, so that the connection's later answers are not held behind one that never comes.
    private static HttpResponse queryOrFail(Route route, String target, WorldStore store) {
        try {
            return DatabaseRoutes.answer(route, target, store);
        } catch (RuntimeException e) {
            return HttpResponse.error(HttpStatus.INTERNAL_SERVER_ERROR, "the database route failed: " + e);
        }
    }

    /** Adds the {@code Connection} header {@code keepAlive} and the request's version ask for. Any thread. */
    private static FullHttpResponse withConnection(FullHttpResponse response, boolean keepAlive, boolean http10) {
        if (!keepAlive) {
            response.headers().add(HttpHeaderNames.CONNECTION, NettyResponses.CLOSE);
        } else if (http10) {
            response.headers().add(HttpHeaderNames.CONNECTION, NettyResponses.KEEP_ALIVE);
        }
        return response;
    }

    private static byte[] echo(HttpRequest request, byte[] requestBody) {
        List<Map.Entry<String, String>> headers = request.headers().entries();
        return Workload.echoBody(
                request.method().name(),
                request.uri(),
                request.protocolVersion().text(),
                headers,
                requestBody == null ? new byte[0] : requestBody);
    }

    /**
     * Answers a well-formed request that gets no route content ({@code OPTIONS}, or a refusal: 400, 404, 405,
     * 501) and, unlike {@link #fail}, keeps the connection as the request asks: the framing is intact, so the
     * next request can be read. A body the request carries is read and dropped, after this answer or before it
     * ({@link #isAnsweredBeforeItsBody}).
     */
    private void answerWithoutContent(ChannelHandlerContext ctx, HttpRequest request, Answer answer) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        FullHttpResponse response = switch (answer) {
            case Answer.Options options -> answers.options(options.allow(), keepAlive);
            case Answer.Refuse refuse ->
                answers.error(
                        refuse.status(),
                        refuse.detail(),
                        keepAlive,
                        refuse.allow() == null ? null : HttpHeaderNames.ALLOW,
                        refuse.allow());
            case Answer.Serve serve -> throw new IllegalArgumentException("has content: " + serve);
        };
        if (keepAlive && request.protocolVersion() == HttpVersion.HTTP_1_0) {
            response.headers().add(HttpHeaderNames.CONNECTION, NettyResponses.KEEP_ALIVE);
        }
        if (!keepAlive) {
            closing = true;
        }
        responses.emit(ctx, response, !keepAlive);
        pauseReadingIfQueuedTooMuch(ctx);
    }

    /** Answers with an error and closes once it is written; input after it is dropped. */
    private void fail(ChannelHandlerContext ctx, HttpStatus status, String detail) {
        if (closing) {
            return;
        }
        closing = true;
        releaseBody();
        responses.emit(ctx, answers.error(status, detail, false, null, null), true);
        // Error paths are rare: flush now rather than leave the answer to a read batch that may not come.
        responses.flushIfWritten(ctx);
        // Stop reading: nothing more from this connection will be answered.
        ctx.channel().config().setAutoRead(false);
    }

    private void releaseBody() {
        if (body != null) {
            body.release();
            body = null;
        }
        bodyRequest = null;
        bodyAnswer = null;
        bodyBytes = 0;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof RequestDeadlineHandler.Expired expired) {
            onDeadlineMissed(ctx, expired);
            return;
        }
        if (evt instanceof IdleStateEvent) {
            // Reader idle: the client sent nothing for the idle timeout. Spare connections waiting for work.
            if (responses.isEmpty()) {
                ctx.close();
            }
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    /**
     * A request's head or body missed its deadline: 408 and a close, unless the request was already answered (a
     * 404 or 405 sent before its body, which is being dropped), when only the close is left, after that answer.
     */
    private void onDeadlineMissed(ChannelHandlerContext ctx, RequestDeadlineHandler.Expired expired) {
        if (closing) {
            return;
        }
        if (expired.body() && bodyRequest == null) {
            closing = true;
            ctx.channel().config().setAutoRead(false);
            responses.closeAfterQueued(ctx);
            return;
        }
        fail(ctx, HttpStatus.REQUEST_TIMEOUT, expired.detail());
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        closing = true;
        releaseBody();
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // Resets, broken pipes and failed TLS (plaintext or garbage to the TLS port, a bad handshake: SslHandler
        // wraps the SSLException in a DecoderException) are the client's business; anything else still must not
        // outlive the channel.
        if (!(cause instanceof IOException) && !isTlsFailure(cause)) {
            ctx.fireExceptionCaught(cause);
        }
        ctx.close();
    }

    private static boolean isTlsFailure(Throwable cause) {
        return cause instanceof DecoderException && cause.getCause() instanceof SSLException;
    }
}
