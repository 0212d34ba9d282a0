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
                new NettyRequestDecoder(NettyServerInitializer.decoderConfig(CONFIG), CONFIG.maxBodyBytes()),
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
        // A framing refusal of Netty's own still gets its framing status.
        assertEquals(
                List.of(400),
                statuses(exchange(
                        channel(),
                        "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")));
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
                new NettyRequestDecoder(NettyServerInitializer.decoderConfig(config), config.maxBodyBytes()),
                new HttpResponseEncoder(),
                new NettyServerHandler(config, null));
        channel.config()
                .setWriteBufferWaterMark(
                        new WriteBufferWaterMark(config.resumeReadingBelowBytes(), config.maxPendingOutputBytes()));
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
                new NettyRequestDecoder(NettyServerInitializer.decoderConfig(config), config.maxBodyBytes()),
                new HttpResponseEncoder(),
                new NettyServerHandler(config, work::add));
        // Each answer counts as its body and an estimated head: 2048 bytes of them are 12 answers.
        int perAnswer = OrderedResponses.HEAD_BYTES_ESTIMATE + "Hello, World!".length();
        int overBound = config.maxPendingOutputBytes() / perAnswer + 1;
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
        assertTrue(queued * perAnswer <= config.resumeReadingBelowBytes(), queued + " answers still queued");
        assertTrue((queued + 1) * perAnswer > config.resumeReadingBelowBytes(), "resumed at once, not later");
        while (!work.isEmpty()) {
            work.remove().run();
            channel.runPendingTasks();
        }
        assertEquals(Collections.nCopies(overBound, 200), statuses(written(channel)));
        channel.finishAndReleaseAll();
    }
}
