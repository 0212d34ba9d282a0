package io.httpmodels.server.nio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.KitTransport;
import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.tls.TlsProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLSession;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * What the reactor does over TLS, beyond the conformance kit run over TLS (slow): the JDK's HttpClient gets its
 * answers over https, a body of many TLS records is echoed whole, a burst of pipelined requests in one write is
 * answered in order, and what is not a TLS handshake is closed, never held.
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as every model's TLS tests since 2026-12-05: mvn verify
// keeps its 3 minutes, and serves HTTPS end to end through the harness (TlsTargetsTest: netty, nio-reactor).
@Tag("slow")
class NioTlsTest {

    private static RunningServer start(ServerConfig config) throws IOException {
        return ServerModels.byName(NioReactorServer.NAME).start(KitTransport.TLS.apply(config));
    }

    private static HttpClient httpsClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .sslContext(KitTransport.clientContext())
                .build();
    }

    @Test
    void servesHttpsToTheJdkClientAndSaysSo() throws Exception {
        try (RunningServer server = start(ServerConfig.defaults().withWorkerThreads(2));
                HttpClient client = httpsClient()) {
            assertEquals("nio-reactor: 2 event loops, TLS (jdk)", server.description());
            HttpResponse<String> answer = client.send(
                    HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.port() + "/plaintext"))
                            .timeout(Duration.ofSeconds(10))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answer.statusCode());
            assertEquals("Hello, World!", answer.body());
        }
    }

    /** 100 KiB each way: about seven TLS records in, as many out, split across reads and writes anyhow. */
    @Test
    void echoesABodyOfManyRecordsWhole() throws Exception {
        byte[] body = new byte[100 * 1024];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) ('a' + i % 26);
        }
        try (RunningServer server = start(ServerConfig.defaults());
                HttpClient client = httpsClient()) {
            HttpResponse<byte[]> echoed = client.send(
                    HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.port() + "/echo"))
                            .timeout(Duration.ofSeconds(10))
                            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, echoed.statusCode());
            byte[] answer = echoed.body();
            ByteArrayOutputStream tail = new ByteArrayOutputStream();
            tail.write(answer, answer.length - body.length, body.length);
            assertArrayEquals(body, tail.toByteArray(), "the request's body ends the echo");
        }
    }

    /** Answered on the loop, and with simulated work (each answer encrypted when the work pool hands it back). */
    @ParameterizedTest(name = "work {0} ms")
    @ValueSource(ints = {0, 1})
    void aPipelinedBurstInOneWriteIsAnsweredInOrder(int workMillis) throws Exception {
        int requests = 50;
        StringBuilder burst = new StringBuilder();
        for (int i = 0; i < requests; i++) {
            burst.append("GET /echo?i=").append(i).append(" HTTP/1.1\r\nHost: localhost\r\n\r\n");
        }
        try (RunningServer server =
                        start(ServerConfig.defaults().withWorkerThreads(1).withWorkMillis(workMillis));
                RawHttpConnection client = KitTransport.TLS.connect(server.port())) {
            client.send(burst.toString());
            for (int i = 0; i < requests; i++) {
                RawHttpConnection.Response response = client.read();
                assertEquals(200, response.status(), response.statusLine());
                assertTrue(response.bodyText().startsWith("GET /echo?i=" + i + " HTTP/1.1"), response.bodyText());
            }
        }
    }

    /** The close after {@code Connection: close} is TLS's own: the answer, then close_notify, over 1.3 and 1.2. */
    @Test
    void aConnectionCloseAnswerEndsWithCloseNotify() throws Exception {
        try (RunningServer server = start(ServerConfig.defaults())) {
            for (String protocol : List.of("TLSv1.3", "TLSv1.2")) {
                EngineClient.Exchange exchange = EngineClient.exchange(
                        server.port(),
                        protocol,
                        "GET /plaintext HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
                assertTrue(
                        exchange.answer().startsWith("HTTP/1.1 200 ")
                                && exchange.answer().endsWith("Hello, World!"),
                        protocol + ": " + exchange.answer());
                assertTrue(exchange.closeNotify(), protocol + ": the stream ended without close_notify");
            }
        }
    }

    /**
     * A client on the JDK's {@link SSLEngine} over a blocking socket, which tells close_notify (the engine's {@code
     * CLOSED}) from a bare end of stream, as a socket-level client does not.
     */
    private static final class EngineClient {

        record Exchange(String answer, boolean closeNotify) {}

        static Exchange exchange(int port, String protocol, String request) throws IOException {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                socket.setSoTimeout(5_000);
                SSLEngine engine = KitTransport.clientContext().createSSLEngine("localhost", port);
                engine.setUseClientMode(true);
                engine.setEnabledProtocols(new String[] {protocol});
                SSLSession session = engine.getSession();
                ByteBuffer netIn = ByteBuffer.allocate(2 * session.getPacketBufferSize());
                ByteBuffer netOut = ByteBuffer.allocate(session.getPacketBufferSize());
                ByteBuffer plain = ByteBuffer.allocate(4 * session.getApplicationBufferSize());
                ByteBuffer toSend = ByteBuffer.wrap(request.getBytes(StandardCharsets.US_ASCII));
                engine.beginHandshake();
                for (int step = 0; step < 1_000; step++) {
                    HandshakeStatus status = engine.getHandshakeStatus();
                    if (status == HandshakeStatus.NEED_TASK) {
                        engine.getDelegatedTask().run();
                    } else if (status == HandshakeStatus.NEED_WRAP
                            || (status == HandshakeStatus.NOT_HANDSHAKING && toSend.hasRemaining())) {
                        netOut.clear();
                        engine.wrap(toSend, netOut);
                        socket.getOutputStream().write(netOut.array(), 0, netOut.position());
                    } else {
                        netIn.flip();
                        SSLEngineResult result = engine.unwrap(netIn, plain);
                        netIn.compact();
                        if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
                            return new Exchange(text(plain), true);
                        }
                        if (result.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW) {
                            int n = socket.getInputStream().read(netIn.array(), netIn.position(), netIn.remaining());
                            if (n < 0) {
                                return new Exchange(text(plain), false);
                            }
                            netIn.position(netIn.position() + n);
                        }
                    }
                }
                throw new IOException("no end after 1000 steps");
            }
        }

        private static String text(ByteBuffer plain) {
            return new String(plain.array(), 0, plain.position(), StandardCharsets.US_ASCII);
        }
    }

    @Test
    void plaintextHttpToTheTlsPortIsClosedAndOthersAreServed() throws Exception {
        try (RunningServer server = start(ServerConfig.defaults().withWorkerThreads(1))) {
            try (RawHttpConnection plain = new RawHttpConnection(server.port())) {
                plain.send("GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n");
                assertTrue(plain.closedByServerAfterDiscarding(), "closed (after an alert at most)");
            }
            try (RawHttpConnection bystander = KitTransport.TLS.connect(server.port())) {
                bystander.send("GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n");
                assertEquals("Hello, World!", bystander.read().bodyText());
            }
        }
    }

    @Test
    void aClientThatNeverStartsItsHandshakeIsClosedByTheHeadDeadline() throws Exception {
        try (RunningServer server = start(ServerConfig.defaults().withHeaderTimeout(Duration.ofMillis(300)));
                RawHttpConnection silent = new RawHttpConnection(server.port(), 5_000)) {
            long start = System.nanoTime();
            assertTrue(silent.closedByServer(), "closed within the read timeout");
            long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
            assertTrue(millis >= 250 && millis < 3_000, "closed after " + millis + " ms");
        }
    }

    @Test
    void refusesOpenSsl() {
        ServerConfig openssl =
                ServerConfig.defaults().withTls(KitTransport.certificate().withProvider(TlsProvider.OPENSSL));
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class,
                () -> ServerModels.byName(NioReactorServer.NAME).start(openssl));
        assertTrue(refused.getMessage().startsWith(NioReactorServer.NAME), refused.getMessage());
    }

    @Test
    void garbageInsteadOfAClientHelloIsClosedAtOnce() throws Exception {
        try (RunningServer server = start(ServerConfig.defaults().withHeaderTimeout(Duration.ofSeconds(30)));
                RawHttpConnection garbage = new RawHttpConnection(server.port(), 5_000)) {
            byte[] noise = new byte[512];
            for (int i = 0; i < noise.length; i++) {
                noise[i] = (byte) (i * 31 + 7);
            }
            garbage.send(noise);
            assertTrue(garbage.closedByServerAfterDiscarding(), "closed long before the 30 s head deadline");
        }
    }
}
