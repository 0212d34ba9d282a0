package io.httpmodels.server.netty;

import io.httpmodels.server.Workload;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.http.Answer;
import io.httpmodels.server.http.HttpDate;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpStatus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;

import java.util.EnumMap;
import java.util.Map;

/**
 * The netty model's responses, built per request from parts built once: header names and values as
 * {@link AsciiString}, the plaintext body in one shared direct buffer, the statuses with the workload's reason
 * phrases, and the {@code Date} value converted once per second. One instance per model, for the model's name in
 * the {@code Server} header ({@link #forModel}).
 *
 * <p>Thread-safe: every field is immutable or, for the date, a racy but harmless single-reference cache.
 */
final class NettyResponses {

    /** The netty model's responses. */
    static final NettyResponses NETTY = forModel("netty");

    static final AsciiString TEXT_PLAIN = AsciiString.cached(Workload.TEXT_PLAIN);
    static final AsciiString APPLICATION_JSON = AsciiString.cached(Workload.APPLICATION_JSON);
    static final AsciiString TEXT_HTML = AsciiString.cached(DatabaseRoutes.TEXT_HTML);
    static final AsciiString CLOSE = HttpHeaderValues.CLOSE;
    static final AsciiString KEEP_ALIVE = HttpHeaderValues.KEEP_ALIVE;

    /** The plaintext body, shared by every response through duplicates; releasing it is a no-op. */
    private static final ByteBuf PLAINTEXT_BODY =
            Unpooled.unreleasableBuffer(Unpooled.directBuffer(Workload.plaintextBody().length)
                    .writeBytes(Workload.plaintextBody())
                    .asReadOnly());

    private static final AsciiString PLAINTEXT_LENGTH =
            AsciiString.cached(Integer.toString(Workload.plaintextBody().length));

    /** Response headers are only ever set from the constants above: validating them per response is waste. */
    private static final HttpHeadersFactory HEADERS =
            DefaultHttpHeadersFactory.headersFactory().withValidation(false);

    private static final Map<HttpStatus, HttpResponseStatus> STATUSES = new EnumMap<>(HttpStatus.class);

    static {
        for (HttpStatus status : HttpStatus.values()) {
            STATUSES.put(status, new HttpResponseStatus(status.code(), status.reason()));
        }
    }

    private static volatile CachedDate cachedDate = new CachedDate(HttpDate.now());

    private final AsciiString server;

    private NettyResponses(AsciiString server) {
        this.server = server;
    }

    /** Responses whose {@code Server} header names {@code model} (see {@link Workload#serverHeader}). */
    static NettyResponses forModel(String model) {
        return new NettyResponses(AsciiString.cached(Workload.serverHeader(model)));
    }

    /** A {@code Date} value and its {@link AsciiString}, converted once per {@link HttpDate} instance. */
    private record CachedDate(HttpDate date, AsciiString value) {
        CachedDate(HttpDate date) {
            this(date, new AsciiString(date.bytes(), false));
        }
    }

    /** The current {@code Date} header value; the same instance all second long. */
    static AsciiString date() {
        HttpDate now = HttpDate.now();
        CachedDate cached = cachedDate;
        if (cached.date() != now) {
            cached = new CachedDate(now);
            cachedDate = cached;
        }
        return cached.value();
    }

    /** The Netty status carrying the workload's code and reason phrase. */
    static HttpResponseStatus status(HttpStatus status) {
        return STATUSES.get(status);
    }

    /** {@code 200 OK} with the plaintext body; without it (but with its length) when {@code head}. */
    FullHttpResponse plaintext(boolean head) {
        ByteBuf content = head ? Unpooled.EMPTY_BUFFER : PLAINTEXT_BODY.duplicate();
        return ok(content, TEXT_PLAIN, PLAINTEXT_LENGTH);
    }

    /** {@code 200 OK} with {@code body} as {@code contentType}; without the body (but with its length) when {@code head}. */
    FullHttpResponse ok(byte[] body, AsciiString contentType, boolean head) {
        ByteBuf content = head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body);
        return ok(content, contentType, AsciiString.of(Integer.toString(body.length)));
    }

    private FullHttpResponse ok(ByteBuf content, AsciiString contentType, AsciiString contentLength) {
        return withContent(HttpResponseStatus.OK, content, contentType, contentLength);
    }

    private FullHttpResponse withContent(
            HttpResponseStatus status, ByteBuf content, AsciiString contentType, AsciiString contentLength) {
        HttpHeaders headers = HEADERS.newHeaders()
                .add(HttpHeaderNames.CONTENT_TYPE, contentType)
                .add(HttpHeaderNames.CONTENT_LENGTH, contentLength)
                .add(HttpHeaderNames.SERVER, server)
                .add(HttpHeaderNames.DATE, date());
        return new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, content, headers, EmptyHttpHeaders.INSTANCE);
    }

    /**
     * {@code answer} (a database route's: a 200 or a 503, no {@code Allow}) as a Netty response, without its body
     * (but with its length) when {@code head}; no {@code Connection} header, which the caller adds. Any thread.
     */
    FullHttpResponse of(HttpResponse answer, boolean head) {
        byte[] body = answer.body();
        ByteBuf content = head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body);
        return withContent(
                status(answer.status()),
                content,
                contentType(answer.contentType()),
                AsciiString.of(Integer.toString(body.length)));
    }

    private static AsciiString contentType(String value) {
        return switch (value) {
            case Workload.APPLICATION_JSON -> APPLICATION_JSON;
            case Workload.TEXT_PLAIN -> TEXT_PLAIN;
            case DatabaseRoutes.TEXT_HTML -> TEXT_HTML;
            default -> AsciiString.of(value);
        };
    }

    /**
     * An error response: {@link Answer#errorBody} as text/plain, with {@code Connection: close} unless
     * {@code keepAlive}.
     *
     * @param extraName one more header (e.g. {@code Allow}) or {@code null}
     */
    FullHttpResponse error(
            HttpStatus status, String detail, boolean keepAlive, AsciiString extraName, String extraValue) {
        return response(status, Answer.errorBody(status, detail), keepAlive, extraName, extraValue);
    }

    /** The answer to {@code OPTIONS}: 200, {@code Allow}, no content. */
    FullHttpResponse options(String allow, boolean keepAlive) {
        return response(HttpStatus.OK, new byte[0], keepAlive, HttpHeaderNames.ALLOW, allow);
    }

    private FullHttpResponse response(
            HttpStatus status, byte[] body, boolean keepAlive, AsciiString extraName, String extraValue) {
        HttpHeaders headers = HEADERS.newHeaders()
                .add(HttpHeaderNames.CONTENT_TYPE, TEXT_PLAIN)
                .add(HttpHeaderNames.CONTENT_LENGTH, AsciiString.of(Integer.toString(body.length)))
                .add(HttpHeaderNames.SERVER, server)
                .add(HttpHeaderNames.DATE, date());
        if (!keepAlive) {
            headers.add(HttpHeaderNames.CONNECTION, CLOSE);
        }
        if (extraName != null) {
            headers.add(extraName, extraValue);
        }
        return new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, status(status), Unpooled.wrappedBuffer(body), headers, EmptyHttpHeaders.INSTANCE);
    }

    /** The interim {@code HTTP/1.1 100 Continue}, no headers. */
    static FullHttpResponse continueResponse() {
        return new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1,
                HttpResponseStatus.CONTINUE,
                Unpooled.EMPTY_BUFFER,
                HEADERS.newHeaders(),
                EmptyHttpHeaders.INSTANCE);
    }
}
