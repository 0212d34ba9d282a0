package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.httpmodels.server.ServerConfig;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The decoder's checks on their own, with the input split at every byte offset: the chunks a client's bytes
 * arrive in must not change what the handler is told.
 */
class NettyRequestDecoderTest {

    private static final int MAX_BODY_BYTES = 100;

    @Test
    void aFoldedHeaderLineGivesOneInvalidMessageAndNothingAfterIt() {
        String input = "GET /plaintext HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET /json HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n\tfolded\r\n\r\n"
                + "GET /plaintext HTTP/1.1\r\nHost: x\r\n\r\n";
        assertAtEverySplit(
                input, List.of("request GET /plaintext", "last ", "invalid: obsolete line folding in a header field"));
    }

    /** RFC 9112 §3: single spaces, a visible-ASCII target, {@code HTTP/} in upper case; Netty is lenient on all three. */
    @Test
    void aRequestLineOffTheGrammarGivesOneInvalidMessageAndNothingAfterIt() {
        String ok = "GET /plaintext HTTP/1.1\r\nHost: x\r\n\r\n";
        assertAtEverySplit(
                ok + "GET  /json HTTP/1.1\r\nHost: x\r\n\r\n" + ok,
                List.of("request GET /plaintext", "last ", "invalid: malformed request line"));
        assertAtEverySplit(
                ok + "GET\t/json HTTP/1.1\r\nHost: x\r\n\r\n",
                List.of("request GET /plaintext", "last ", "invalid: malformed request line"));
        assertAtEverySplit(
                "\r\nGET /json http/1.1\r\nHost: x\r\n\r\n" + ok, List.of("invalid: malformed HTTP version"));
        assertAtEverySplit(
                "GET /a\u0000b HTTP/1.1\r\nHost: x\r\n\r\n", List.of("invalid: invalid character in request target"));
        assertAtEverySplit(
                "GET /caf\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n", List.of("invalid: invalid character in request target"));
    }

    /** RFC 9112 §3.2, with the blocking codec's rule ({@code HostField}). */
    @Test
    void twoHostLinesOrAnInvalidHostGiveOneInvalidMessage() {
        assertAtEverySplit(
                "GET / HTTP/1.1\r\nHost: x\r\nHost: x\r\n\r\n", List.of("invalid: more than one Host header"));
        assertAtEverySplit("GET / HTTP/1.1\r\nHost: u@x\r\n\r\n", List.of("invalid: invalid Host header"));
        assertAtEverySplit("GET / HTTP/1.1\r\n\r\n", List.of("invalid: missing Host header"));
        assertAtEverySplit("GET / HTTP/1.0\r\n\r\n", List.of("request GET /", "last "));
    }

    /**
     * RFC 9112 §7.1.1: a chunk line off the grammar ends the body with a failure, and nothing follows it. Netty
     * 4.2 refuses most such lines itself (its answer stands, whatever its wording); a bare {@code ;} it accepts,
     * and that one is ours.
     */
    @Test
    void aChunkLineOffTheGrammarFailsTheBodyAndNothingFollows() {
        String head = "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
        String next = "GET /json HTTP/1.1\r\nHost: x\r\n\r\n";
        List<String> refused = List.of("request POST /echo", "content ab", "failed");
        for (String line : List.of("5;", "5; ", "5;bad[=x", "5 ", "5;a=\"x", "5;a\u0001", "0;")) {
            assertAtEverySplit(head + "2\r\nab\r\n" + line + "\r\nhello\r\n0\r\n\r\n" + next, refused, true);
        }
        assertAtEverySplit(
                head + "2\r\nab\r\n5;\r\nhello\r\n0\r\n\r\n",
                List.of("request POST /echo", "content ab", "failed: malformed chunk line"));
        assertAtEverySplit(
                head + "2\r\nab\r\n0;\r\n\r\n" + next,
                List.of("request POST /echo", "content ab", "failed: malformed chunk line"));
        assertAtEverySplit(
                head + "2 ; a = \"b c\"\r\nab\r\n0\r\n\r\n" + next,
                List.of("request POST /echo", "last ab", "request GET /json", "last "));
    }

    @Test
    void whitespaceInsideValuesAndBodiesIsNoFold() {
        String input = "POST /echo HTTP/1.1\r\nHost: x\r\nX-A: a  b\r\nContent-Length: 10\r\n\r\n"
                + "a\r\n folded"
                + "\r\nGET /json HTTP/1.1\r\nHost: x\r\n\r\n";
        assertAtEverySplit(input, List.of("request POST /echo", "last a\r\n folded", "request GET /json", "last "));
    }

    @Test
    void aChunkSizeLineThatTakesTheBodyOverTheLimitIsRefusedBeforeItsData() {
        String head = "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
        // 10 bytes, then a chunk that declares 91 more: 101 > 100. No data follows its size line.
        String input = head + "a;ext=1\r\n0123456789\r\n5b\r\n";
        assertAtEverySplit(
                input,
                List.of(
                        "request POST /echo",
                        "content 0123456789",
                        "failed: chunked body declares 101 bytes, over the limit of 100"));
    }

    @Test
    void aChunkedBodyAtTheLimitIsDecodedAndThePipelinedRequestAfterIt() {
        String body = "x".repeat(MAX_BODY_BYTES);
        String input = "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "32\r\n" + body.substring(0, 50) + "\r\n"
                + "32;name=value\r\n" + body.substring(50) + "\r\n"
                + "0\r\nX-Trailer: 1\r\n\r\n"
                + "GET /json HTTP/1.1\r\nHost: x\r\n\r\n";
        assertAtEverySplit(input, List.of("request POST /echo", "last " + body, "request GET /json", "last "));
    }

    /**
     * Decodes {@code input} whole and split in two at every offset, and checks the messages, with the content
     * of a body's {@link HttpContent}s joined (Netty cuts data where the input was cut).
     */
    private static void assertAtEverySplit(String input, List<String> expected) {
        assertAtEverySplit(input, expected, false);
    }

    /** As above; with {@code anyCause}, a failed content is described as {@code failed} alone. */
    private static void assertAtEverySplit(String input, List<String> expected, boolean anyCause) {
        byte[] bytes = input.getBytes(StandardCharsets.ISO_8859_1);
        for (int split = 0; split <= bytes.length; split++) {
            EmbeddedChannel channel = new EmbeddedChannel(new NettyRequestDecoder(
                    NettyServerInitializer.decoderConfig(ServerConfig.defaults()), MAX_BODY_BYTES));
            List<String> decoded = new ArrayList<>();
            StringBuilder content = new StringBuilder();
            try {
                channel.writeInbound(Unpooled.wrappedBuffer(bytes, 0, split));
                drain(channel, decoded, content, anyCause);
                channel.writeInbound(Unpooled.wrappedBuffer(bytes, split, bytes.length - split));
                drain(channel, decoded, content, anyCause);
            } finally {
                channel.finishAndReleaseAll();
            }
            assertEquals(expected, decoded, "split at " + split);
        }
    }

    private static void drain(EmbeddedChannel channel, List<String> decoded, StringBuilder content, boolean anyCause) {
        for (Object message = channel.readInbound(); message != null; message = channel.readInbound()) {
            try {
                describe(message, decoded, content, anyCause);
            } finally {
                ReferenceCountUtil.release(message);
            }
        }
    }

    private static void describe(Object message, List<String> decoded, StringBuilder content, boolean anyCause) {
        if (message instanceof HttpRequest request) {
            DecoderResult result = request.decoderResult();
            decoded.add(
                    result.isFailure()
                            ? "invalid: " + result.cause().getMessage()
                            : "request " + request.method() + " " + request.uri());
            return;
        }
        HttpContent piece = (HttpContent) message;
        if (piece.decoderResult().isFailure()) {
            if (!content.isEmpty()) {
                decoded.add("content " + content);
                content.setLength(0);
            }
            decoded.add(
                    anyCause
                            ? "failed"
                            : "failed: " + piece.decoderResult().cause().getMessage());
            return;
        }
        ByteBuf data = piece.content();
        content.append(data.toString(StandardCharsets.ISO_8859_1));
        if (message instanceof LastHttpContent) {
            decoded.add("last " + content);
            content.setLength(0);
        }
    }
}
