package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.db.Fortune;
import io.httpmodels.server.db.PoolWaits;
import io.httpmodels.server.db.World;
import io.httpmodels.server.db.WorldStore;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpResponseEncoder;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The database routes on the netty handler, over an {@link EmbeddedChannel} with a store of fixed rows and a work
 * executor the test runs by hand: the query waits for the executor (never on the loop), the answer is built there
 * and leaves in request order, HEAD gets the length without the body, a failing database is a 503, and a closing
 * executor closes the connection.
 */
class NettyDatabaseHandlerTest {

    private static final ServerConfig CONFIG = ServerConfig.defaults();
    private static final Pattern STATUS = Pattern.compile("HTTP/1\\.1 (\\d{3}) ");

    /** A store whose row {@code id} holds {@code id}; counts the calls, or fails them all. */
    private static final class FixedStore implements WorldStore {
        final AtomicInteger calls = new AtomicInteger();
        final boolean failing;

        FixedStore(boolean failing) {
            this.failing = failing;
        }

        private void call() throws SQLException {
            calls.incrementAndGet();
            if (failing) {
                throw new SQLException("connection refused");
            }
        }

        @Override
        public List<World> worlds(int[] ids) throws SQLException {
            call();
            List<World> worlds = new ArrayList<>();
            for (int id : ids) {
                worlds.add(new World(id, id));
            }
            return worlds;
        }

        @Override
        public List<Fortune> fortunes() throws SQLException {
            call();
            return List.of(new Fortune(1, "<script>"));
        }

        @Override
        public List<World> update(int[] ids, int[] newNumbers) throws SQLException {
            call();
            List<World> worlds = new ArrayList<>();
            for (int i = 0; i < ids.length; i++) {
                worlds.add(new World(ids[i], newNumbers[i]));
            }
            return worlds;
        }

        @Override
        public PoolWaits poolWaits() {
            return PoolWaits.NONE;
        }

        @Override
        public void close() {}
    }

    private static EmbeddedChannel channel(Executor work, WorldStore store) {
        return new EmbeddedChannel(
                new NettyRequestDecoder(
                        NettyServerInitializer.decoderConfig(CONFIG),
                        CONFIG.limits().maxBodyBytes()),
                new HttpResponseEncoder(),
                new NettyServerHandler(CONFIG, work, NettyResponses.NETTY, store));
    }

    private static void read(EmbeddedChannel channel, String requests) {
        channel.writeInbound(Unpooled.copiedBuffer(requests, StandardCharsets.US_ASCII));
    }

    /** Runs the queued work, each job's completion on the loop after it, until none is left. */
    private static void runWork(EmbeddedChannel channel, ArrayDeque<Runnable> work) {
        while (!work.isEmpty()) {
            work.remove().run();
            channel.runPendingTasks();
        }
    }

    private static String written(EmbeddedChannel channel) {
        StringBuilder out = new StringBuilder();
        for (Object msg; (msg = channel.readOutbound()) != null; ) {
            ByteBuf buf = (ByteBuf) msg;
            out.append(buf.toString(StandardCharsets.UTF_8));
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

    @Test
    void aQueryWaitsForTheWorkExecutorAndItsAnswerLeavesBeforeThePipelinedOnesAfterIt() {
        ArrayDeque<Runnable> work = new ArrayDeque<>();
        FixedStore store = new FixedStore(false);
        EmbeddedChannel channel = channel(work::add, store);
        read(
                channel,
                "GET /queries?queries=3 HTTP/1.1\r\nHost: h\r\n\r\n" + "GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n"
                        + "GET /fortunes HTTP/1.1\r\nHost: h\r\n\r\n" + "GET /json HTTP/1.1\r\nHost: h\r\n\r\n");
        assertEquals(0, store.calls.get(), "no query on the loop");
        assertEquals("", written(channel), "the plaintext answer waits behind the query's");
        assertEquals(1, work.size(), "one job of a connection at a time");
        runWork(channel, work);
        assertEquals(2, store.calls.get());
        String written = written(channel);
        assertEquals(List.of(200, 200, 200, 200), statuses(written), written);
        int queries = written.indexOf("content-type: application/json");
        int plaintext = written.indexOf("Hello, World!");
        int fortunes = written.indexOf("<td>&lt;script&gt;</td>");
        int json = written.indexOf("{\"message\":\"Hello, World!\"}");
        assertTrue(queries >= 0 && queries < plaintext && plaintext < fortunes && fortunes < json, written);
        assertTrue(written.contains("content-type: text/html; charset=utf-8"), written);
        assertTrue(channel.isOpen());
        channel.finishAndReleaseAll();
    }

    @Test
    void headGetsTheLengthOfTheAnswerWithoutItsBody() {
        ArrayDeque<Runnable> work = new ArrayDeque<>();
        EmbeddedChannel channel = channel(work::add, new FixedStore(false));
        read(channel, "HEAD /db HTTP/1.1\r\nHost: h\r\n\r\n");
        runWork(channel, work);
        String written = written(channel);
        Matcher length = Pattern.compile("content-length: (\\d+)\r\n").matcher(written);
        assertTrue(length.find(), written);
        assertTrue(Integer.parseInt(length.group(1)) >= "{\"id\":1,\"randomNumber\":1}".length(), written);
        assertTrue(written.endsWith("\r\n\r\n"), "no body: " + written);
        channel.finishAndReleaseAll();
    }

    @Test
    void aFailingDatabaseIsA503AndTheConnectionGoesOn() {
        ArrayDeque<Runnable> work = new ArrayDeque<>();
        EmbeddedChannel channel = channel(work::add, new FixedStore(true));
        read(channel, "GET /updates?queries=5 HTTP/1.1\r\nHost: h\r\n\r\nGET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n");
        runWork(channel, work);
        String written = written(channel);
        assertEquals(List.of(503, 200), statuses(written), written);
        assertTrue(written.contains("the database failed: connection refused"), written);
        assertTrue(channel.isOpen());
        channel.finishAndReleaseAll();
    }

    @Test
    void http10AndCloseGetTheirConnectionHeaderOnAnAnswerBuiltOffTheLoop() {
        ArrayDeque<Runnable> work = new ArrayDeque<>();
        EmbeddedChannel channel = channel(work::add, new FixedStore(false));
        read(
                channel,
                "GET /db HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /db HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"
                        + "GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n");
        runWork(channel, work);
        String written = written(channel);
        assertEquals(List.of(200, 200), statuses(written), "nothing after the close: " + written);
        assertTrue(written.contains("connection: keep-alive\r\n"), written);
        assertTrue(written.contains("connection: close\r\n"), written);
        channel.runPendingTasks();
        assertFalse(channel.isOpen(), "closed after the answer that asked for it");
        channel.finishAndReleaseAll();
    }

    @Test
    void aClosingExecutorClosesTheConnectionWithoutAnAnswer() {
        FixedStore store = new FixedStore(false);
        EmbeddedChannel channel = channel(
                task -> {
                    throw new RejectedExecutionException("shut down");
                },
                store);
        read(channel, "GET /db HTTP/1.1\r\nHost: h\r\n\r\nGET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n");
        assertEquals("", written(channel));
        assertFalse(channel.isOpen());
        assertEquals(0, store.calls.get());
        channel.finishAndReleaseAll();
    }

    @Test
    void withoutAStoreTheRoutesAnswer503OnTheLoop() {
        EmbeddedChannel channel = channel(null, null);
        read(channel, "GET /db HTTP/1.1\r\nHost: h\r\n\r\nHEAD /fortunes HTTP/1.1\r\nHost: h\r\n\r\n");
        String written = written(channel);
        assertEquals(List.of(503, 503), statuses(written), written);
        assertTrue(written.contains("started without a database"), written);
        channel.finishAndReleaseAll();
    }
}
