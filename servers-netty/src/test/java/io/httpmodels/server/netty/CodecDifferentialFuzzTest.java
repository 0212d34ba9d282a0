package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.httpmodels.server.FuzzBytes;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.http.HttpRequest;
import io.httpmodels.server.http.HttpRequestReader;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpResponseWriter;
import io.httpmodels.server.http.RequestRejectedException;
import io.httpmodels.server.http.WorkloadHandler;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.util.ReferenceCountUtil;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The two codecs fed the same bytes must agree (a differential fuzz test): the blocking models' reader and answer
 * ({@link HttpRequestReader}, {@link WorkloadHandler}) and the netty model's decoder and handler, on an
 * {@link EmbeddedChannel}, in pieces the fuzzer chooses. They agree when they give the same answers, in the same
 * number: for each request the same status and, for a served one, the same body, which for {@code /echo} is the
 * request as parsed (method, target, version, every header with its value, and the body). A request one refuses
 * (any 4xx or 5xx: a codec may answer 405 before it reads a body the other finds malformed) the other must refuse
 * too, with a status of the same class; after it both stop. A request the input leaves
 * unfinished may be refused early by one and awaited by the other ({@link #agree}). Two parsers that disagree on
 * where a request ends, or on what it says, are what request smuggling is made of; where they do, the RFC says
 * which one is wrong, and the fix gets a named test.
 *
 * <p>The limits are far above any input's size, so that the codecs' different ways of counting them (the blocking
 * reader bounds the request line and headers together, Netty each apart) do not show as disagreements.
 */
class CodecDifferentialFuzzTest {

    private static final ServerConfig CONFIG =
            ServerConfig.defaults().withMaxHeaderBytes(1 << 20).withMaxBodyBytes(1 << 20);
    /** One answer: its status, and its body when it was served (2xx). */
    record Answer(int status, byte[] body) {
        boolean agreesWith(Answer other) {
            if (status == other.status) {
                return status / 100 != 2 || Arrays.equals(body, other.body);
            }
            return status >= 400 && other.status >= 400 && status / 100 == other.status / 100;
        }

        @Override
        public String toString() {
            return status + (body == null ? "" : " " + new String(body, StandardCharsets.ISO_8859_1));
        }
    }

    @FuzzTest(maxDuration = "60s")
    void theBlockingAndNettyCodecsAgreeOnEveryRequest(byte[] data) {
        FuzzBytes fuzz = new FuzzBytes(data);
        int[] pieces = fuzz.pieces();
        byte[] input = fuzz.rest();
        List<Answer> blocking = blocking(input);
        List<Answer> netty = netty(input, pieces);
        if (!agree(blocking, netty)) {
            fail("the codecs disagree on\n" + new String(input, StandardCharsets.ISO_8859_1).replace("\r", "\\r")
                    + "\nblocking: " + blocking + "\nnetty:    " + netty);
        }
    }

    /**
     * Whether the answers agree, one by one. One side may have one answer more, if it serves nothing (a 4xx or
     * 5xx) and answers a request the input leaves unfinished: a codec that checks each header line as it arrives
     * refuses a bad one at once, and the netty handler answers 404 or 405 as soon as the head is read, while the
     * blocking codec waits for the whole head and body and is still waiting when the input ends. A request that
     * never ends is served by neither, so only which requests are served, and how, must be the same.
     */
    static boolean agree(List<Answer> blocking, List<Answer> netty) {
        int common = Math.min(blocking.size(), netty.size());
        for (int i = 0; i < common; i++) {
            if (!blocking.get(i).agreesWith(netty.get(i))) {
                return false;
            }
        }
        List<Answer> longer = blocking.size() > netty.size() ? blocking : netty;
        int extra = longer.size() - common;
        return extra == 0 || (extra == 1 && longer.get(common).status() >= 400);
    }

    static List<Answer> blocking(byte[] input) {
        List<Answer> answers = new ArrayList<>();
        HttpRequestReader reader = new HttpRequestReader(
                new ByteArrayInputStream(input),
                new HttpResponseWriter(OutputStream.nullOutputStream(), "test"),
                CONFIG.limits().maxHeaderBytes(),
                CONFIG.limits().maxBodyBytes());
        try {
            HttpRequest request;
            while ((request = reader.read()) != null) {
                HttpResponse response = WorkloadHandler.handle(request);
                int status = response.status().code();
                answers.add(new Answer(status, request.isHead() ? new byte[0] : response.body()));
                if (!request.keepAlive()) {
                    break;
                }
            }
        } catch (RequestRejectedException e) {
            answers.add(new Answer(e.status().code(), null));
        } catch (EOFException e) {
            // the input ends inside a request: no answer, as a connection closed by its client
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return answers;
    }

    static List<Answer> netty(byte[] input, int[] pieces) {
        EmbeddedChannel channel = new EmbeddedChannel(
                new NettyRequestDecoder(
                        NettyServerInitializer.decoderConfig(CONFIG),
                        CONFIG.limits().maxBodyBytes()),
                new NettyServerHandler(CONFIG, null));
        List<Answer> answers = new ArrayList<>();
        try {
            for (byte[] piece : FuzzBytes.split(input, pieces)) {
                if (!channel.isOpen() || !channel.config().isAutoRead()) {
                    break; // closed, or refused and no longer reading
                }
                channel.writeInbound(Unpooled.wrappedBuffer(piece));
            }
            for (Object msg; (msg = channel.readOutbound()) != null; ) {
                FullHttpResponse response = (FullHttpResponse) msg;
                int status = response.status().code();
                if (status != 100) {
                    answers.add(new Answer(status, ByteBufUtil.getBytes(response.content())));
                }
                ReferenceCountUtil.release(response);
            }
        } finally {
            channel.finishAndReleaseAll();
        }
        return answers;
    }
}
