package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.httpmodels.server.FuzzBytes;
import io.httpmodels.server.ServerConfig;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.util.ReferenceCountUtil;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The netty model's pipeline (its decoder and handler, as {@link NettyServerInitializer} builds them, minus the
 * timers) on an {@link EmbeddedChannel} under Jazzer: whatever bytes arrive, in whatever pieces, nothing escapes
 * the pipeline as an exception, every answer has a status the model answers with, nothing follows an answer that
 * closes the connection, and every buffer read is released (no buffer leaks, counted exactly on the input and
 * on what the server wrote).
 *
 * <p>Inputs follow {@link FuzzBytes}' convention; {@code mvn verify} runs the committed corpus, {@code JAZZER_FUZZ=1}
 * fuzzes (see {@code docs/fuzzing.md}).
 */
class NettyPipelineFuzzTest {

    private static final ServerConfig CONFIG =
            ServerConfig.defaults().withMaxHeaderBytes(1024).withMaxBodyBytes(4096);
    private static final Set<Integer> STATUSES = Set.of(100, 200, 400, 404, 405, 408, 413, 414, 431, 501, 505);

    @FuzzTest(maxDuration = "60s")
    void anyBytesInAnyPiecesAreAnsweredWithAStatusAndLeakNothing(byte[] data) {
        FuzzBytes fuzz = new FuzzBytes(data);
        int[] pieces = fuzz.pieces();
        EmbeddedChannel channel = new EmbeddedChannel(
                new NettyRequestDecoder(
                        NettyServerInitializer.decoderConfig(CONFIG),
                        CONFIG.limits().maxBodyBytes()),
                new NettyServerHandler(CONFIG, null));
        List<ByteBuf> read = new ArrayList<>();
        List<FullHttpResponse> answers = new ArrayList<>();
        for (byte[] piece : FuzzBytes.split(fuzz.rest(), pieces)) {
            if (!channel.isOpen()) {
                break;
            }
            ByteBuf buf = Unpooled.wrappedBuffer(piece);
            read.add(buf);
            channel.writeInbound(buf); // an exception a handler let through is rethrown here
            for (Object msg; (msg = channel.readOutbound()) != null; ) {
                answers.add((FullHttpResponse) msg);
            }
        }
        channel.finishAndReleaseAll();
        boolean closed = false;
        for (FullHttpResponse answer : answers) {
            assertTrue(!closed, "an answer after the one that closed the connection");
            int status = answer.status().code();
            assertTrue(STATUSES.contains(status), "answered " + answer.status());
            closed = answer.headers().contains("connection", "close", true);
            ReferenceCountUtil.release(answer);
        }
        for (ByteBuf buf : read) {
            assertEquals(0, buf.refCnt(), "a buffer read was never released");
        }
    }
}
