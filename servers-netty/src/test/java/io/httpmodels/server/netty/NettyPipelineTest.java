package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.ServerConfig;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpVersion;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The netty model's decoder and handler on an {@link EmbeddedChannel}: input in any pieces, on the test's own
 * thread, with no socket and nothing to wait for. What reaches the wire is read back as text.
 */
class NettyPipelineTest {

    private static final int MAX_BODY_BYTES = 64;
    private static final ServerConfig CONFIG =
            ServerConfig.defaults().withMaxHeaderBytes(1024).withMaxBodyBytes(MAX_BODY_BYTES);
    private static final Pattern STATUS = Pattern.compile("HTTP/1\\.1 (\\d{3}) ");

    private static EmbeddedChannel channel() {
        return new EmbeddedChannel(
                new NettyRequestDecoder(
                        NettyServerInitializer.decoderConfig(CONFIG),
                        CONFIG.limits().maxBodyBytes()),
                new HttpResponseEncoder(),
                new NettyServerHandler(CONFIG, null));
    }

    /** Writes each piece as one read, then returns everything the server wrote, as text. */
    private static String exchange(EmbeddedChannel channel, String... pieces) {
        for (String piece : pieces) {
            if (channel.isOpen()) {
                channel.writeInbound(Unpooled.copiedBuffer(piece, StandardCharsets.ISO_8859_1));
            }
        }
        return written(channel);
    }

    private static String written(EmbeddedChannel channel) {
        StringBuilder out = new StringBuilder();
        for (Object msg; (msg = channel.readOutbound()) != null; ) {
            ByteBuf buf = (ByteBuf) msg;
            out.append(buf.toString(StandardCharsets.ISO_8859_1));
            buf.release();
        }
        return out.toString();
    }

    private static List<Integer> statuses(String written) {
        List<Integer> statuses = new ArrayList<>();
        Matcher m = STATUS.matcher(written);
        while (m.find()) {
            statuses.add(Integer.parseInt(m.group(1)));
        }
        return statuses;
    }

    /** The request split in two reads at every offset. */
    private static List<String[]> splits(String request) {
        List<String[]> splits = new ArrayList<>();
        for (int cut = 0; cut <= request.length(); cut++) {
            splits.add(new String[] {request.substring(0, cut), request.substring(cut)});
        }
        return splits;
    }

    @Test
    void aFoldedHeaderIsRefusedWhereverTheReadsSplitIt() {
        String folded = "GET /plaintext HTTP/1.1\r\nHost: h\r\nX-A: 1\r\n  folded\r\n\r\n";
        for (String[] pieces : splits(folded)) {
            EmbeddedChannel channel = channel();
            String written = exchange(channel, pieces);
            assertEquals(List.of(400), statuses(written), "split at " + pieces[0].length() + ": " + written);
            assertTrue(written.contains("obsolete line folding"), written);
            assertFalse(channel.isOpen(), "closed after the 400");
            channel.finishAndReleaseAll();
        }
        // A fold right after the request line, and one after a first request on the same connection.
        assertEquals(List.of(400), statuses(exchange(channel(), "GET /json HTTP/1.1\r\n", "\tHost: h\r\n\r\n")));
        assertEquals(
                List.of(200, 400),
                statuses(exchange(
                        channel(),
                        "GET /json HTTP/1.1\r\nHost: h\r\n\r\nGET /json HTTP/1.1\r\nHost: h\r\n",
                        " folded\r\n\r\n")));
    }

    /** Lines of a body that start with a space are body bytes, not folds, and the next request follows. */
    @Test
    void bodyBytesThatLookLikeFoldsAreNotScanned() {
        String body = "a\r\n b\r\n\tc\n d";
        String requests = "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: " + body.length() + "\r\n\r\n" + body
                + "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n" + "5\r\nx\r\n y\r\n0\r\n\r\n"
                + "GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n";
        for (String[] pieces : splits(requests)) {
            EmbeddedChannel channel = channel();
            String written = exchange(channel, pieces);
            assertEquals(List.of(200, 200, 200), statuses(written), "split at " + pieces[0].length() + ": " + written);
            assertTrue(written.contains("\r\n\r\n" + body + "HTTP/1.1 200"), written);
            assertTrue(written.contains("\r\n\r\nx\r\n yHTTP/1.1 200"), written);
            assertTrue(written.endsWith("Hello, World!"), written);
            channel.finishAndReleaseAll();
        }
    }

    @Test
    void bodiesOfExactlyTheLimitAreServedAndOneByteMoreIsRefused() {
        String limit = "b".repeat(MAX_BODY_BYTES);
        String fixed = exchange(
                channel(), "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: " + MAX_BODY_BYTES + "\r\n\r\n" + limit);
        assertEquals(List.of(200), statuses(fixed));
        assertTrue(fixed.endsWith("\r\n\r\n" + limit), fixed);
        assertEquals(
                List.of(413),
                statuses(exchange(
                        channel(),
                        "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: " + (MAX_BODY_BYTES + 1) + "\r\n\r\n")));

        String chunkedHead = "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n";
        String half = Integer.toHexString(MAX_BODY_BYTES / 2) + "\r\n" + "c".repeat(MAX_BODY_BYTES / 2) + "\r\n";
        String chunked = exchange(channel(), chunkedHead + half + half + "0\r\n\r\n");
        assertEquals(List.of(200), statuses(chunked));
        assertTrue(chunked.endsWith("c".repeat(MAX_BODY_BYTES)), chunked);
        // The chunk that would cross the limit is refused from its size line, before its data.
        EmbeddedChannel channel = channel();
        String refused = exchange(channel, chunkedHead + half + half + "1\r\n");
        assertEquals(List.of(413), statuses(refused), refused);
        assertFalse(channel.isOpen());
    }

    /**
     * The handler's own limit, for a decoder that reports a body only as it arrives: it counts the chunks' bytes
     * and refuses the one that crosses the limit.
     */
    @Test
    void theHandlerRefusesAChunkedBodyThatCrossesTheLimit() {
        for (int last : new int[] {MAX_BODY_BYTES / 2, MAX_BODY_BYTES / 2 + 1}) {
            EmbeddedChannel channel =
                    new EmbeddedChannel(new HttpResponseEncoder(), new NettyServerHandler(CONFIG, null));
            HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/echo");
            request.headers().set(HttpHeaderNames.HOST, "h").set(HttpHeaderNames.TRANSFER_ENCODING, "chunked");
            channel.writeInbound(
                    request,
                    new DefaultHttpContent(
                            Unpooled.copiedBuffer("a".repeat(MAX_BODY_BYTES / 2), StandardCharsets.US_ASCII)),
                    new DefaultHttpContent(Unpooled.copiedBuffer("z".repeat(last), StandardCharsets.US_ASCII)));
            if (channel.isOpen()) {
                channel.writeInbound(new DefaultLastHttpContent());
            }
            String written = written(channel);
            if (last == MAX_BODY_BYTES / 2) {
                assertEquals(List.of(200), statuses(written), written);
                assertTrue(written.endsWith("a".repeat(MAX_BODY_BYTES / 2) + "z".repeat(last)), written);
                assertTrue(channel.isOpen());
            } else {
                assertEquals(List.of(413), statuses(written), written);
                assertTrue(written.contains("body is over the limit of 64 bytes"), written);
                assertFalse(channel.isOpen());
            }
            channel.finishAndReleaseAll();
        }
    }

    /**
     * Found by CodecDifferentialFuzzTest: Netty's decoder refused the Transfer-Encoding of an HTTP/2.1 request
     * (400) where the blocking codec answers the version first (505), as RFC 9110 §15.6.6 has it.
     */
    @Test
    void anUnsupportedVersionIsAnswered505WhateverItsFieldsSay() {
        String written =
                exchange(channel(), "POST /echo HTTP/2.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n10001\r\n");
        assertEquals(List.of(505), statuses(written), written);
        assertEquals(List.of(505), statuses(exchange(channel(), "GET / HTTP/3.0\r\nHost: x\r\nNoColon\r\n\r\n")));
        // A field the netty model's own decoder refuses (a fold), as one Netty's refuses: the version first.
        assertEquals(
                List.of(505),
                statuses(exchange(channel(), "GET /plaintext HTTP/2.0\r\n\tost: x\r\n\r\n")),
                "an obs-fold in an HTTP/2.0 request");
        assertEquals(List.of(400), statuses(exchange(channel(), "GET /plaintext HTTP/1.1\r\n\tost: x\r\n\r\n")));
        // But a malformed request line is refused first, however the fields and the version look.
        assertEquals(
                List.of(400),
                statuses(exchange(channel(), "GET /pl\u0000ain HTTP/1.4\r\nHost : x\r\n\r\n")),
                "a NUL in the target, a space before the colon, HTTP/1.4");
    }

    /**
     * Found by CodecDifferentialFuzzTest: a request answered before its body (405 for a method the route does not
     * allow) whose chunked body then turns out malformed left the connection open, every later byte discarded.
     * Its framing is lost, so the connection ends after the answer.
     */
    @Test
    void aMalformedBodyOfARequestAnsweredBeforeItClosesTheConnection() {
        EmbeddedChannel channel = channel();
        String written = exchange(
                channel,
                "P*ST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;x=\"y\"\r.\nhello\r\n0\r\n\r\n"
                        + GET);
        assertEquals(List.of(405), statuses(written), written);
        assertFalse(channel.isOpen(), "closed after the 405");
        channel.finishAndReleaseAll();
    }

    /**
     * Found by CodecDifferentialFuzzTest: a malformed field line after a Transfer-Encoding the model does not
     * support was answered 501 (the framing, from the fields read before it) where the blocking codec refuses the
     * line first (400).
     */
    @Test
    void aMalformedFieldLineIsA400WhateverFramingTheLinesBeforeItAskedFor() {
        String written = exchange(
                channel(), "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\red\r\n\r\n");
        assertEquals(List.of(400), statuses(written), written);
        // Found next: an HTTP/1.0 request with an unknown coding and two Host lines was answered 501 (the coding),
        // the blocking codec 400 (Host first, then Transfer-Encoding in HTTP/1.0).
        assertEquals(
                List.of(400),
                statuses(exchange(
                        channel(), "POST /echo HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: chunko\r\nHost: y\r\n\r\n")));
        assertEquals(
                List.of(400),
                statuses(exchange(channel(), "POST /echo HTTP/1.0\r\nTransfer-Encoding: chunko\r\n\r\n")));
        // Found next: a NUL in a Transfer-Encoding value failed Netty's validation of that field, whose message names
        // the field, and was answered as its codings (501); the blocking codec refuses the line (400).
        assertEquals(
                List.of(400),
                statuses(exchange(
                        channel(),
                        "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n"
                                + "Transfer-Encoding: gzip, ch\0unked\r\n\r\n")));
        // And a field name Netty refuses, whose message quotes the name: a malformed line whatever the name holds.
        assertEquals(
                List.of(400),
                statuses(exchange(
                        channel(),
                        "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n"
                                + "X-Transfer-Encoding\1: y\r\n\r\n")));
        // A framing refusal of Netty's own still gets its framing status.
        assertEquals(
                List.of(400),
                statuses(exchange(
                        channel(),
                        "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")));
    }

    /** Found by CodecDifferentialFuzzTest: Netty joined a folded trailer line; the codecs refuse an obs-fold. */
    @Test
    void aFoldedTrailerLineIsRefused() {
        String chunked = "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n";
        for (String[] pieces : splits(chunked + "T: v\r\n folded\r\n\r\n")) {
            EmbeddedChannel channel = channel();
            String written = exchange(channel, pieces);
            assertEquals(List.of(400), statuses(written), "split at " + pieces[0].length() + ": " + written);
            channel.finishAndReleaseAll();
        }
        assertEquals(List.of(200), statuses(exchange(channel(), chunked + "T: v\r\nU: w\r\n\r\n")));
    }

    /**
     * Found by CodecDifferentialFuzzTest: Netty drops a Content-Length, Transfer-Encoding or Trailer field from the
     * trailer section without looking at its value, so a bare CR or a control byte there was served (200) where
     * the blocking codec refuses the line (400), as it refuses it in any trailer line (RFC 9112 §7.1.2, §2.2).
     */
    @Test
    void aTrailerFieldNettyDropsIsStillHeldToTheFieldGrammar() {
        String chunked = "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n";
        for (String name : List.of("Content-Length", "Transfer-Encoding", "Trailer")) {
            for (String value : List.of("a\rb", "a\u0000b", "\u0001", "a\u007fb")) {
                for (String[] pieces : splits(chunked + name + ": " + value + "\r\n\r\n" + GET)) {
                    EmbeddedChannel channel = channel();
                    String written = exchange(channel, pieces);
                    assertEquals(List.of(400), statuses(written), name + " split at " + pieces[0].length());
                    channel.finishAndReleaseAll();
                }
            }
        }
        // What the grammar allows there is still served: inner whitespace, obs-text.
        assertEquals(
                List.of(200, 200),
                statuses(exchange(channel(), chunked + "Trailer: a\tb \u00ff\r\nContent-Length: 9\r\n\r\n" + GET)));
    }

    /**
     * Found by CodecDifferentialFuzzTest: {@code OPTIONS} with a chunked body was answered 200 before the body,
     * which then turned out malformed, where the blocking codec reads the body first and answers 400; CONNECT's 501
     * the same. Only a refusal that is the client's error (4xx) is answered before the body.
     */
    @Test
    void onlyAClientErrorIsAnsweredBeforeTheBody() {
        String malformed = "Transfer-Encoding: chunked\r\n\r\nzz\r\n\r\n";
        assertEquals(List.of(400), statuses(exchange(channel(), "OPTIONS /echo HTTP/1.1\r\nHost: h\r\n" + malformed)));
        assertEquals(List.of(400), statuses(exchange(channel(), "CONNECT h:1 HTTP/1.1\r\nHost: h\r\n" + malformed)));
        assertEquals(List.of(405), statuses(exchange(channel(), "DELETE /echo HTTP/1.1\r\nHost: h\r\n" + malformed)));
        // Unfinished: nothing yet, but for the 4xx; finished well: answered, and the next request follows.
        String unfinished = "Content-Length: 3\r\n\r\nab";
        assertEquals(List.of(), statuses(exchange(channel(), "OPTIONS * HTTP/1.1\r\nHost: h\r\n" + unfinished)));
        assertEquals(List.of(), statuses(exchange(channel(), "CONNECT h:1 HTTP/1.1\r\nHost: h\r\n" + unfinished)));
        assertEquals(List.of(404), statuses(exchange(channel(), "POST /nowhere HTTP/1.1\r\nHost: h\r\n" + unfinished)));
        assertEquals(
                List.of(200, 501, 200),
                statuses(exchange(
                        channel(),
                        "OPTIONS * HTTP/1.1\r\nHost: h\r\n" + unfinished + "c",
                        "CONNECT h:1 HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n\r\n",
                        GET)));
    }

    /**
     * Found by reading Netty beside CodecDifferentialFuzzTest: Netty takes the first of an HTTP/1.0 request's
     * Content-Length lines and drops the others, so {@code 5} then {@code 6} was served with a 5-byte body where
     * the blocking codec refuses the framing (RFC 9112 §6.3: 400). HTTP/1.1 Netty refuses itself.
     */
    @Test
    void anHttp10RequestWithTwoContentLengthLinesIsRefused() {
        for (String version : List.of("HTTP/1.0", "HTTP/1.1")) {
            String head = "POST /echo " + version + "\r\nHost: h\r\n";
            for (String lengths :
                    List.of("Content-Length: 5\r\nContent-Length: 6", "Content-Length: 5\r\ncontent-length: 5")) {
                for (String[] pieces : splits(head + lengths + "\r\n\r\nhello!" + GET)) {
                    EmbeddedChannel channel = channel();
                    String written = exchange(channel, pieces);
                    assertEquals(
                            List.of(400),
                            statuses(written),
                            version + " " + lengths + " split at " + pieces[0].length());
                    channel.finishAndReleaseAll();
                }
            }
            assertEquals(List.of(200), statuses(exchange(channel(), head + "Content-Length: 5\r\n\r\nhello")));
        }
    }

    /**
     * Found by reading Netty beside CodecDifferentialFuzzTest: Netty gives a GET with Sec-WebSocket-Key1 and
     * Sec-WebSocket-Key2 (draft-hixie-76's handshake) an 8-byte body its fields do not declare, so the next
     * request's first 8 bytes were swallowed, where the blocking codec reads no body (RFC 9112 §6.3): request
     * smuggling's very shape. Both requests are served, wherever the reads split them.
     */
    @Test
    void aGetWithHixieWebSocketKeysHasNoBody() {
        String hixie = "GET /plaintext HTTP/1.1\r\nHost: h\r\nSec-WebSocket-Key1: 1\r\nSec-WebSocket-Key2: 2\r\n\r\n";
        for (String[] pieces : splits(hixie + "GET /json HTTP/1.1\r\nHost: h\r\n\r\n")) {
            EmbeddedChannel channel = channel();
            String written = exchange(channel, pieces);
            assertEquals(List.of(200, 200), statuses(written), "split at " + pieces[0].length());
            assertTrue(written.endsWith("{\"message\":\"Hello, World!\"}"), written);
            channel.finishAndReleaseAll();
        }
    }

    // ---------------------------------------------------------------- backpressure

    private static final String GET = "GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n";

    /**
     * A read whose answers pass the bound of unsent answers stops reading (autoRead off) within that read, and
     * reading resumes once the read batch's flush has sent them; every request read is still answered, in order.
     */
    @Test
    void aReadWhoseAnswersPassTheBoundStopsReadingUntilTheyAreSent() {
        ServerConfig config = CONFIG.withMaxPendingOutputBytes(2048);
        EmbeddedChannel channel = new EmbeddedChannel(
                new NettyRequestDecoder(
                        NettyServerInitializer.decoderConfig(config),
                        config.limits().maxBodyBytes()),
                new HttpResponseEncoder(),
                new NettyServerHandler(config, null));
        channel.config()
                .setWriteBufferWaterMark(new WriteBufferWaterMark(
                        config.limits().resumeReadingBelowBytes(),
                        config.limits().maxPendingOutputBytes()));
        // Netty counts an answer as its bytes (about 130) and 96 bytes per buffer written: two are under the bound,
        // twenty over it.
        channel.pipeline().fireChannelRead(Unpooled.copiedBuffer(GET.repeat(2), StandardCharsets.US_ASCII));
        assertTrue(channel.isWritable());
        assertTrue(channel.config().isAutoRead(), "under the bound: still reading");
        channel.pipeline().fireChannelRead(Unpooled.copiedBuffer(GET.repeat(18), StandardCharsets.US_ASCII));
        assertFalse(channel.isWritable());
        assertFalse(channel.config().isAutoRead(), "over the bound: not reading");
        channel.pipeline().fireChannelReadComplete(); // the batch's flush: the answers leave
        assertTrue(channel.isWritable());
        assertTrue(channel.config().isAutoRead(), "sent: reading again");
        assertEquals(Collections.nCopies(20, 200), statuses(written(channel)));
        channel.finishAndReleaseAll();
    }

    /**
     * Answers waiting for offloaded work are not in the channel yet, so they count apart: a pipeline deeper than
     * the bound stops reading until the work has drained the queue to half of it.
     */
    @Test
    void answersWaitingForTheirWorkCountTowardTheBound() {
        ServerConfig config = CONFIG.withMaxPendingOutputBytes(2048).withWorkMillis(1);
        ArrayDeque<Runnable> work = new ArrayDeque<>();
        EmbeddedChannel channel = new EmbeddedChannel(
                new NettyRequestDecoder(
                        NettyServerInitializer.decoderConfig(config),
                        config.limits().maxBodyBytes()),
                new HttpResponseEncoder(),
                new NettyServerHandler(config, work::add));
        // Each answer counts as its body and an estimated head: 2048 bytes of them are 12 answers.
        int perAnswer = OrderedResponses.HEAD_BYTES_ESTIMATE + "Hello, World!".length();
        int overBound = config.limits().maxPendingOutputBytes() / perAnswer + 1;
        channel.writeInbound(Unpooled.copiedBuffer(GET.repeat(overBound - 1), StandardCharsets.US_ASCII));
        assertTrue(channel.config().isAutoRead(), "at the bound: still reading");
        channel.writeInbound(Unpooled.copiedBuffer(GET, StandardCharsets.US_ASCII));
        assertFalse(channel.config().isAutoRead(), "over the bound: not reading");
        int answered = 0;
        while (!channel.config().isAutoRead()) {
            work.remove().run(); // one answer's work, then its completion on the loop
            channel.runPendingTasks();
            answered++;
        }
        int queued = overBound - answered;
        assertTrue(queued * perAnswer <= config.limits().resumeReadingBelowBytes(), queued + " answers still queued");
        assertTrue((queued + 1) * perAnswer > config.limits().resumeReadingBelowBytes(), "resumed at once, not later");
        while (!work.isEmpty()) {
            work.remove().run();
            channel.runPendingTasks();
        }
        assertEquals(Collections.nCopies(overBound, 200), statuses(written(channel)));
        channel.finishAndReleaseAll();
    }
}
