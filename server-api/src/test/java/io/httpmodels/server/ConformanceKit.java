package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The HTTP contract every model keeps, as tests. A module runs it for its models by extending this class and
 * listing them, one line each:
 *
 * <pre>{@code
 * class BioConformanceTest extends ConformanceKit {
 *     @Override
 *     protected Stream<ModelUnderTest> models() {
 *         return Stream.of(ModelUnderTest.named("single-thread"), ModelUnderTest.named("fixed-pool"));
 *     }
 * }
 * }</pre>
 *
 * Every test starts its own server on an ephemeral loopback port and closes it; requests go over raw sockets
 * (what is asserted is the bytes the server sent), plus the JDK's HttpClient and curl as real clients.
 * Nothing sleeps to wait for a server: reads are bounded by socket timeouts, the class by {@link Timeout}.
 */
@ExtendWith(DocumentedDeviations.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class ConformanceKit implements KitCoverage {

    /** The kit's limits, small so that the tests that cross them stay small. */
    protected static final int MAX_HEADER_BYTES = 4096;

    protected static final int MAX_BODY_BYTES = 64 * 1024;

    private static final String HELLO = "Hello, World!";
    private static final String JSON = "{\"message\":\"Hello, World!\"}";

    /** The models this module runs the kit for. */
    protected abstract Stream<ModelUnderTest> models();

    /** The config every test starts from, before {@link ModelUnderTest#configure()} adjusts it. */
    protected ServerConfig baseConfig() {
        return ServerConfig.defaults()
                .withIdleTimeout(Duration.ofSeconds(10))
                .withMaxHeaderBytes(MAX_HEADER_BYTES)
                .withMaxBodyBytes(MAX_BODY_BYTES);
    }

    private RunningServer start(ModelUnderTest model) throws IOException {
        return start(model, baseConfig());
    }

    private RunningServer start(ModelUnderTest model, ServerConfig config) throws IOException {
        return model.model().start(model.configure().apply(transport().apply(config)));
    }

    /** How the kit reaches its servers: plaintext here; {@link TlsConformanceKit} runs every case over TLS. */
    protected KitTransport transport() {
        return KitTransport.PLAIN;
    }

    private RawHttpConnection connect(int port) throws IOException {
        // Shorter in a case on record for no answer from the model: the wait is what such a case costs.
        return transport().connect(port, DocumentedDeviations.readTimeoutMillis());
    }

    private static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
    }

    // ---------------------------------------------------------------- the workload and its headers

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void plaintextAnswersHelloWorldWithEveryRequiredHeader(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send(get("/plaintext")).read();
            assertEquals(200, response.status(), response.statusLine());
            assertEquals("HTTP/1.1 200 OK", response.statusLine());
            assertEquals(HELLO, response.bodyText());
            assertEquals("13", response.header("Content-Length"));
            assertEquals("text/plain", response.header("Content-Type"));
            assertEquals(Workload.serverHeader(model.name()), response.header("Server"));
            assertDateIsNow(response.header("Date"));
            assertNull(response.header("Connection"), "HTTP/1.1 keeps the connection without saying so");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void jsonAnswersTheSerialisedMessage(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send(get("/json")).read();
            assertEquals(200, response.status());
            assertEquals(JSON, response.bodyText());
            assertEquals(String.valueOf(JSON.length()), response.header("Content-Length"));
            assertEquals("application/json", response.header("Content-Type"));
            assertEquals(Workload.serverHeader(model.name()), response.header("Server"));
            assertDateIsNow(response.header("Date"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void echoGetReturnsTheRequestLineAndHeaders(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send(
                            "GET /echo?x=1 HTTP/1.1\r\nHost: localhost\r\nX-Test:  forty two \r\n\r\n")
                    .read();
            assertEquals(200, response.status());
            assertEquals("text/plain", response.header("Content-Type"));
            assertEquals("GET /echo?x=1 HTTP/1.1\r\nHost: localhost\r\nX-Test: forty two\r\n\r\n", response.bodyText());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void echoPostReturnsTheBody(ModelUnderTest model) throws IOException {
        String body = "name=value&other=" + "x".repeat(3000);
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send("POST /echo HTTP/1.1\r\nHost: localhost\r\n"
                            + "Content-Length: " + body.length() + "\r\n\r\n" + body)
                    .read();
            assertEquals(200, response.status());
            assertEquals(
                    "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: " + body.length() + "\r\n\r\n" + body,
                    response.bodyText());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void echoPostDecodesAChunkedBody(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send("POST /echo HTTP/1.1\r\nHost: localhost\r\n"
                            + "Transfer-Encoding: chunked\r\n\r\n5\r\nHello\r\n8;ext=1\r\n, World!\r\n0\r\n\r\n")
                    .read();
            assertEquals(200, response.status());
            assertTrue(response.bodyText().endsWith("\r\n\r\nHello, World!"), response.bodyText());
            assertEquals(HELLO, client.send(get("/plaintext")).read().bodyText(), "the connection goes on");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void expectContinueGetsAnInterimResponseBeforeTheBodyIsSent(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            client.send(
                    "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n" + "Expect: 100-continue\r\n\r\n");
            RawHttpConnection.Response interim = client.read();
            assertEquals(100, interim.status(), interim.statusLine());
            RawHttpConnection.Response response = client.send("hello").read();
            assertEquals(200, response.status());
            assertTrue(response.bodyText().endsWith("\r\n\r\nhello"), response.bodyText());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void expectContinueWithABodyOverTheLimitGets413InsteadOf100(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send("POST /echo HTTP/1.1\r\nHost: localhost\r\n"
                            + "Content-Length: " + (MAX_BODY_BYTES + 1) + "\r\nExpect: 100-continue\r\n\r\n")
                    .read();
            assertEquals(413, response.status(), "the body must not be invited: " + response.statusLine());
            assertTrue(client.closedByServer());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void anAbsoluteFormTargetIsServed(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send(
                            "GET http://localhost/plaintext?q=1 HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .read();
            assertEquals(200, response.status(), response.statusLine());
            assertEquals(HELLO, response.bodyText());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void unknownPathIs404AndTheConnectionStaysOpen(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send(get("/nowhere")).read();
            assertEquals(404, response.status());
            assertEquals("text/plain", response.header("Content-Type"));
            assertEquals(Workload.serverHeader(model.name()), response.header("Server"));
            assertNotNull(response.header("Date"));
            assertEquals(HELLO, client.send(get("/plaintext")).read().bodyText());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void wrongMethodIs405WithAllow(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send("DELETE /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .read();
            assertEquals(405, response.status());
            assertEquals("GET, HEAD, OPTIONS", response.header("Allow"));
            assertEquals(HELLO, client.send(get("/plaintext")).read().bodyText());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void headAnswersGetsHeadersWithoutABody(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            // HEAD then GET in one write: if the HEAD answer carried a body, the GET answer would not parse.
            client.send("HEAD /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n" + get("/json"));
            RawHttpConnection.Response head = client.read(true);
            assertEquals(200, head.status());
            assertEquals("13", head.header("Content-Length"));
            assertEquals("text/plain", head.header("Content-Type"));
            RawHttpConnection.Response next = client.read();
            assertEquals(200, next.status(), next.statusLine());
            assertEquals(JSON, next.bodyText());
        }
    }

    // Every model at once, so that the class waits for one change of second (half a second on average), not one per
    // model: one after another, each waited for the second after the one the previous model had just seen change.
    @Test
    void dateChangesAsTimePassesOnEveryModel() throws IOException {
        List<ModelUnderTest> all = models().toList();
        List<RunningServer> servers = new ArrayList<>();
        List<RawHttpConnection> clients = new ArrayList<>();
        try {
            for (ModelUnderTest model : all) {
                RunningServer server = start(model);
                servers.add(server);
                clients.add(connect(server.port()));
            }
            List<String> first = new ArrayList<>();
            for (RawHttpConnection client : clients) {
                first.add(dateOf(client));
            }
            // Bounded: each header must change within 3 s of wall time (it has a one-second resolution).
            List<String> later = new ArrayList<>(first);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
            while (!allChanged(first, later) && System.nanoTime() < deadline) {
                for (int i = 0; i < clients.size(); i++) {
                    if (later.get(i).equals(first.get(i))) {
                        later.set(i, dateOf(clients.get(i)));
                    }
                }
            }
            for (int i = 0; i < all.size(); i++) {
                assertTrue(
                        !later.get(i).equals(first.get(i)),
                        all.get(i) + ": Date stayed '" + first.get(i) + "' for 3 s");
                assertTrue(
                        parseDate(later.get(i)).isAfter(parseDate(first.get(i))),
                        all.get(i) + ": " + first.get(i) + " -> " + later.get(i));
            }
        } finally {
            for (RawHttpConnection client : clients) {
                client.close();
            }
            servers.forEach(RunningServer::close);
        }
    }

    private static String dateOf(RawHttpConnection client) throws IOException {
        return client.send(get("/plaintext")).read().header("Date");
    }

    private static boolean allChanged(List<String> first, List<String> later) {
        for (int i = 0; i < first.size(); i++) {
            if (later.get(i).equals(first.get(i))) {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- persistence and pipelining

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aThousandRequestsOnOneKeepAliveConnection(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            int localPort = client.socket().getLocalPort();
            for (int i = 0; i < 1000; i++) {
                RawHttpConnection.Response response =
                        client.send(get(i % 2 == 0 ? "/plaintext" : "/json")).read();
                assertEquals(200, response.status(), "request " + i);
                assertEquals(i % 2 == 0 ? HELLO : JSON, response.bodyText(), "request " + i);
            }
            assertEquals(localPort, client.socket().getLocalPort());
            assertTrue(!client.socket().isClosed());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void sixteenPipelinedRequestsInOneWriteAreAnsweredInOrder(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            StringBuilder batch = new StringBuilder();
            for (int i = 0; i < 16; i++) {
                batch.append(i % 4 == 3 ? get("/json") : get("/echo?seq=" + i));
            }
            client.send(batch.toString());
            for (int i = 0; i < 16; i++) {
                RawHttpConnection.Response response = client.read();
                assertEquals(200, response.status(), "response " + i);
                if (i % 4 == 3) {
                    assertEquals(JSON, response.bodyText(), "response " + i);
                } else {
                    assertTrue(
                            response.bodyText().startsWith("GET /echo?seq=" + i + " HTTP/1.1\r\n"),
                            "response " + i + " out of order: " + response.bodyText());
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void connectionCloseIsHonoured(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send(
                            "GET /plaintext HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                    .read();
            assertEquals(200, response.status());
            assertEquals(HELLO, response.bodyText());
            assertEquals("close", String.valueOf(response.header("Connection")).toLowerCase());
            assertTrue(client.closedByServer(), "the server must close after Connection: close");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void http10ClosesUnlessAskedToKeepAlive(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model)) {
            try (RawHttpConnection client = connect(server.port())) {
                RawHttpConnection.Response response =
                        client.send("GET /plaintext HTTP/1.0\r\n\r\n").read();
                assertEquals(200, response.status());
                assertEquals(HELLO, response.bodyText());
                assertTrue(client.closedByServer(), "HTTP/1.0 without keep-alive closes after the response");
            }
            try (RawHttpConnection client = connect(server.port())) {
                RawHttpConnection.Response response = client.send(
                                "GET /plaintext HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                        .read();
                assertEquals(200, response.status());
                assertEquals(
                        "keep-alive",
                        String.valueOf(response.header("Connection")).toLowerCase());
                RawHttpConnection.Response second =
                        client.send("GET /json HTTP/1.0\r\n\r\n").read();
                assertEquals(JSON, second.bodyText());
                assertTrue(client.closedByServer());
            }
        }
    }

    // ---------------------------------------------------------------- bad input

    /** Each bad request, the status it must get, and why. */
    static Stream<Arguments> badRequests() {
        String big = "a".repeat(MAX_HEADER_BYTES + 100);
        return Stream.of(
                Arguments.of("garbage request line", "\u0001\u0002garbage\r\n\r\n", 400),
                Arguments.of("request line without version", "GET /plaintext\r\nHost: x\r\n\r\n", 400),
                Arguments.of("malformed version", "GET /plaintext HTTX/1.1\r\nHost: x\r\n\r\n", 400),
                Arguments.of("unsupported version", "GET /plaintext HTTP/2.0\r\nHost: x\r\n\r\n", 505),
                Arguments.of("HTTP/1.1 without Host", "GET /plaintext HTTP/1.1\r\n\r\n", 400),
                Arguments.of("header without colon", "GET /plaintext HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n", 400),
                Arguments.of("space before colon", "GET /plaintext HTTP/1.1\r\nHost : x\r\n\r\n", 400),
                Arguments.of(
                        "obsolete line folding",
                        "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n  folded\r\n\r\n",
                        400),
                Arguments.of("request line over the limit", "GET /" + big + " HTTP/1.1\r\nHost: x\r\n\r\n", 414),
                Arguments.of(
                        "header fields over the limit",
                        "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-Big: " + big + "\r\n\r\n",
                        431),
                Arguments.of(
                        "Content-Length over the limit",
                        "POST /echo HTTP/1.1\r\nHost: x\r\n" + "Content-Length: " + (MAX_BODY_BYTES + 1) + "\r\n\r\n",
                        413),
                Arguments.of(
                        "chunk over the limit",
                        "POST /echo HTTP/1.1\r\nHost: x\r\n" + "Transfer-Encoding: chunked\r\n\r\n"
                                + Integer.toHexString(MAX_BODY_BYTES + 1) + "\r\n",
                        413),
                Arguments.of(
                        "Content-Length not a number",
                        "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
                        400),
                Arguments.of(
                        "negative Content-Length", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400),
                Arguments.of(
                        "Content-Length list", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1,2\r\n\r\nab", 400),
                Arguments.of(
                        "Content-Length and Transfer-Encoding (smuggling)",
                        "POST /echo HTTP/1.1\r\nHost: x\r\n"
                                + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                        400),
                Arguments.of(
                        "unsupported Transfer-Encoding before chunked (RFC 9112 §6.1)",
                        "POST /echo HTTP/1.1\r\nHost: x\r\n" + "Transfer-Encoding: gzip, chunked\r\n\r\n",
                        501));
    }

    private Stream<Arguments> modelsAndBadRequests() {
        List<ModelUnderTest> all = models().toList();
        return badRequests()
                .flatMap(bad -> all.stream().map(model -> {
                    Object[] args = bad.get();
                    return Arguments.of(model, args[0], args[1], args[2]);
                }));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("modelsAndBadRequests")
    void badInputGetsItsStatusAndTheConnectionCloses(
            ModelUnderTest model, String what, String request, int expectedStatus) throws IOException {
        try (RunningServer server = start(model)) {
            try (RawHttpConnection client = connect(server.port())) {
                RawHttpConnection.Response response = client.send(request).read();
                assertEquals(expectedStatus, response.status(), what + ": " + response.statusLine());
                assertEquals(
                        "close", String.valueOf(response.header("Connection")).toLowerCase(), what);
                assertEquals("text/plain", response.header("Content-Type"), what);
                assertTrue(response.bodyText().startsWith(String.valueOf(expectedStatus)), response.bodyText());
                assertTrue(client.closedByServer(), what + ": the connection must close after a bad request");
            }
            assertServes(server, "the server goes on after: " + what);
        }
    }

    // ---------------------------------------------------------------- RFC 9110/9112 rules, one test each
    // Found by running the request vectors of a public HTTP/1.1 conformance suite (Http11Probe) against every
    // model. A rule answered from the route (Answer) keeps the connection; one about framing or the head closes it.

    /** RFC 9112 §3.2.4: the asterisk-form target is for OPTIONS only; anything else on {@code *} is a 400. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void asteriskFormIsForOptionsOnly(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send(get("*")).read();
            assertEquals(400, response.status(), response.statusLine());
            assertTrue(response.bodyText().startsWith("400 Bad Request: "), response.bodyText());
            assertEquals(HELLO, client.send(get("/plaintext")).read().bodyText(), "the framing was intact");
        }
    }

    /** RFC 9110 §9.3.7: {@code OPTIONS *} asks about the server; 200 with every method some route takes. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void optionsAsteriskAnswers200WithTheServersMethods(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response =
                    client.send("OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n").read();
            assertEquals(200, response.status(), response.statusLine());
            assertEquals("GET, HEAD, POST, OPTIONS", response.header("Allow"));
            assertEquals("0", response.header("Content-Length"));
            assertEquals(HELLO, client.send(get("/plaintext")).read().bodyText());
        }
    }

    /** RFC 9110 §9.3.7: {@code OPTIONS} on a route answers 200 with the methods that route takes. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void optionsOnARouteAnswers200WithItsMethods(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response echo = client.send("OPTIONS /echo HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .read();
            assertEquals(200, echo.status(), echo.statusLine());
            assertEquals("GET, HEAD, POST, OPTIONS", echo.header("Allow"));
            assertEquals(0, echo.body().length);
            RawHttpConnection.Response json = client.send("OPTIONS /json HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .read();
            assertEquals(200, json.status(), json.statusLine());
            assertEquals("GET, HEAD, OPTIONS", json.header("Allow"));
        }
    }

    /**
     * RFC 9110 §9.3.6, §15.6.2: CONNECT asks for a tunnel, which an origin server supports for no resource: 501
     * (not 404, which would say the authority-form target names a missing resource).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void connectIsNotImplemented(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send(
                            "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n")
                    .read();
            assertEquals(501, response.status(), response.statusLine());
            assertEquals(HELLO, client.send(get("/plaintext")).read().bodyText());
        }
    }

    /** RFC 9112 §3.2: a target in none of the four forms (here neither origin nor absolute) is a 400. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aTargetInNoFormIs400(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send(get("plaintext")).read();
            assertEquals(400, response.status(), response.statusLine());
        }
    }

    /**
     * RFC 9112 §3.2, RFC 9110 §7.2: exactly one Host, and its value a host with an optional port: userinfo, a
     * path, an empty value, a comma list, or two Host lines (equal or not) are a 400.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void hostIsExactlyOneHostAndPort(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model)) {
            for (String hostLines : List.of(
                    "Host: user@localhost",
                    "Host: localhost/plaintext",
                    "Host:",
                    "Host: a.example, b.example",
                    "Host: localhost\r\nHost: localhost",
                    "Host: a.example\r\nHost: b.example")) {
                assertRefusedAndClosed(server, 400, "GET /plaintext HTTP/1.1\r\n" + hostLines + "\r\n\r\n");
            }
            try (RawHttpConnection client = connect(server.port())) {
                RawHttpConnection.Response response = client.send("GET /plaintext HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n")
                        .read();
                assertEquals(200, response.status(), "an IPv6 literal with a port is a host");
            }
        }
    }

    /**
     * RFC 9112 §7.1.1: after a chunk size comes {@code *( BWS ";" BWS token [ BWS "=" BWS ( token /
     * quoted-string ) ] )} and the CRLF, nothing else: a bare {@code ;}, a name that is not a token, a control
     * byte, or whitespace ending the line is a 400.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void chunkExtensionsFollowTheGrammar(ModelUnderTest model) throws IOException {
        String head = "POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n";
        try (RunningServer server = start(model)) {
            for (String sizeLine : List.of("5;", "5;bad[=x", "5;ext=\u0001", "5 ")) {
                assertRefusedAndClosed(server, 400, head + sizeLine + "\r\nhello\r\n0\r\n\r\n");
            }
            assertRefusedAndClosed(server, 400, head + "5\r\nhello\r\n0;\r\n\r\n");
            try (RawHttpConnection client = connect(server.port())) {
                RawHttpConnection.Response response = client.send(head + "5 ; a = \"b c\" ;d\r\nhello\r\n0\r\n\r\n")
                        .read();
                assertEquals(200, response.status(), "whitespace around ; and =, a quoted value: " + response);
                assertTrue(response.bodyText().endsWith("\r\n\r\nhello"), response.bodyText());
            }
        }
    }

    /**
     * RFC 9112 §6.3: when chunked is not the final transfer coding (or comes twice) the body has no knowable
     * length: 400 and close, not 501. With a Content-Length beside two Transfer-Encoding lines, 400 too.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void chunkedMustBeTheFinalTransferCoding(ModelUnderTest model) throws IOException {
        String head = "POST /echo HTTP/1.1\r\nHost: localhost\r\n";
        try (RunningServer server = start(model)) {
            assertRefusedAndClosed(server, 400, head + "Transfer-Encoding: chunked, gzip\r\n\r\n0\r\n\r\n");
            assertRefusedAndClosed(server, 400, head + "Transfer-Encoding: gzip\r\n\r\n0\r\n\r\n");
            assertRefusedAndClosed(
                    server, 400, head + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n");
            assertRefusedAndClosed(
                    server,
                    400,
                    head + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n"
                            + "0\r\n\r\n");
        }
    }

    /** RFC 9110 §10.1.1: an HTTP/1.0 request's {@code Expect: 100-continue} is ignored: no interim response. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void anHttp10ExpectationIsIgnored(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send(
                            "POST /echo HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\nhello")
                    .read();
            assertEquals(200, response.status(), "the first response must be the answer: " + response.statusLine());
            assertTrue(response.bodyText().endsWith("\r\n\r\nhello"), response.bodyText());
        }
    }

    /**
     * RFC 9112 §2.2 lets a recipient accept a bare LF as a line end; every model takes the stricter reading and
     * answers 400, so none is more lenient than another (a difference between two parsers is what smuggling
     * feeds on).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aBareLineFeedEndingALineIs400(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model)) {
            assertRefusedAndClosed(server, 400, "GET /plaintext HTTP/1.1\nHost: localhost\r\n\r\n");
            assertRefusedAndClosed(server, 400, "GET /plaintext HTTP/1.1\r\nHost: localhost\n\r\n");
            assertRefusedAndClosed(server, 400, "GET /plaintext HTTP/1.1\nHost: localhost\n\n");
        }
    }

    /**
     * RFC 9112 §3: {@code method SP request-target SP HTTP-version}, one space each: a double space or a tab
     * between the parts is a 400 (§3 allows lenient parsing; every model is strict alike).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void theRequestLineIsSeparatedBySingleSpaces(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model)) {
            for (String requestLine : List.of(
                    "GET  /plaintext HTTP/1.1",
                    "GET /plaintext  HTTP/1.1",
                    "GET\t/plaintext HTTP/1.1",
                    "GET /plaintext\tHTTP/1.1")) {
                assertRefusedAndClosed(server, 400, requestLine + "\r\nHost: localhost\r\n\r\n");
            }
        }
    }

    /** RFC 9112 §2.3: the version's name is case-sensitive: {@code http/1.1} is a 400, not an unsupported 505. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void theVersionNameIsCaseSensitive(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model)) {
            assertRefusedAndClosed(server, 400, "GET /plaintext http/1.1\r\nHost: localhost\r\n\r\n");
        }
    }

    /**
     * RFC 9112 §3.2, RFC 3986 §2: a target is visible ASCII; a NUL, a raw non-ASCII byte or an overlong UTF-8
     * sequence is a 400 before any route is looked up (not a 404).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void theTargetIsVisibleAscii(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model)) {
            for (byte[] target : List.of(
                    new byte[] {'/', 'a', 0, 'b'},
                    new byte[] {'/', 'c', 'a', 'f', (byte) 0xC3, (byte) 0xA9},
                    new byte[] {'/', '.', '.', (byte) 0xC0, (byte) 0xAF, 'x'})) {
                byte[] request = concat(
                        "GET ".getBytes(StandardCharsets.US_ASCII),
                        target,
                        " HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                assertRefusedAndClosed(server, 400, request);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aSecondClientIsServedWhileAFirstSendsGarbage(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                RawHttpConnection garbage = connect(server.port());
                RawHttpConnection good = connect(server.port())) {
            byte[] noise = new byte[2048];
            new java.util.Random(42).nextBytes(noise);
            noise[0] = 0; // never a valid method
            garbage.send(noise);
            RawHttpConnection.Response response = good.send(get("/plaintext")).read();
            assertEquals(200, response.status());
            assertEquals(HELLO, response.bodyText());
            RawHttpConnection.Response refused = garbage.read();
            assertEquals(400, refused.status(), refused.statusLine());
            assertTrue(garbage.closedByServer());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aSilentConnectionIsClosedAtTheIdleTimeout(ModelUnderTest model) throws IOException {
        Duration idle = Duration.ofMillis(300);
        try (RunningServer server = start(model, baseConfig().withIdleTimeout(idle))) {
            try (RawHttpConnection silent = connect(server.port())) {
                long start = System.nanoTime();
                assertTrue(silent.closedByServer(), "a connection that sends nothing must be closed");
                long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertTrue(elapsedMillis >= idle.toMillis() - 50, "closed after " + elapsedMillis + " ms");
            }
            try (RawHttpConnection stalled = connect(server.port())) {
                assertEquals(200, stalled.send(get("/plaintext")).read().status());
                stalled.send("GET /plaintext HTTP/1.1\r\nHo"); // half a request, then silence
                assertTrue(stalled.closedByServer(), "a connection stalled mid-request must be closed");
            }
            assertServes(server, "after idle timeouts");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void simulatedWorkDelaysEachAnswer(ModelUnderTest model) throws IOException {
        int workMillis = 100;
        try (RunningServer server = start(model, baseConfig().withWorkMillis(workMillis));
                RawHttpConnection client = connect(server.port())) {
            long start = System.nanoTime();
            client.send(get("/plaintext") + get("/plaintext"));
            assertEquals(HELLO, client.read().bodyText());
            assertEquals(HELLO, client.read().bodyText());
            long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(elapsedMillis >= 2 * workMillis - 10, "two requests took " + elapsedMillis + " ms");
        }
    }

    // ---------------------------------------------------------------- lifecycle

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void closeEndsEveryConnectionAndThreadAndFreesThePort(ModelUnderTest model) throws Exception {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        // A long idle timeout, so that only close() itself can end these connections.
        RunningServer server = start(model, baseConfig().withIdleTimeout(Duration.ofMinutes(5)));
        int port = server.port();
        List<RawHttpConnection> clients = new ArrayList<>();
        try {
            RawHttpConnection served = connect(port);
            clients.add(served);
            assertEquals(200, served.send(get("/plaintext")).read().status());
            clients.add(connect(port)); // connected, nothing sent
            clients.add(connect(port).send("GET /plaintext HTTP/1.1\r\n")); // half a request
        } finally {
            server.close();
        }
        server.close(); // idempotent
        for (RawHttpConnection client : clients) {
            assertTrue(client.closedByServer(), "close() must close open connections");
            client.close();
        }
        assertNoThreadsLeft(before, model);
        try (ServerSocket rebind = new ServerSocket()) {
            rebind.setReuseAddress(true);
            rebind.bind(new InetSocketAddress("127.0.0.1", port));
        }
    }

    // ---------------------------------------------------------------- real clients

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void theJdkHttpClientGetsTheRightAnswers(ModelUnderTest model) throws Exception {
        try (RunningServer server = start(model);
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(5))
                        .sslContext(KitTransport.clientContext())
                        .build()) {
            URI base = URI.create(transport().scheme() + "://127.0.0.1:" + server.port());
            HttpResponse<String> plaintext = client.send(
                    HttpRequest.newBuilder(base.resolve("/plaintext"))
                            .timeout(Duration.ofSeconds(5))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, plaintext.statusCode());
            assertEquals(HELLO, plaintext.body());
            assertEquals(
                    "text/plain", plaintext.headers().firstValue("content-type").orElseThrow());

            HttpResponse<String> json = client.send(
                    HttpRequest.newBuilder(base.resolve("/json"))
                            .timeout(Duration.ofSeconds(5))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(JSON, json.body());

            HttpResponse<String> echo = client.send(
                    HttpRequest.newBuilder(base.resolve("/echo"))
                            .timeout(Duration.ofSeconds(5))
                            .POST(HttpRequest.BodyPublishers.ofString("ping"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, echo.statusCode());
            assertTrue(echo.body().startsWith("POST /echo HTTP/1.1\r\n"), echo.body());
            assertTrue(echo.body().endsWith("\r\n\r\nping"), echo.body());

            HttpResponse<String> missing = client.send(
                    HttpRequest.newBuilder(base.resolve("/missing"))
                            .timeout(Duration.ofSeconds(5))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(404, missing.statusCode());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void curlGetsTheRightAnswers(ModelUnderTest model) throws Exception {
        try (RunningServer server = start(model)) {
            String base = transport().scheme() + "://127.0.0.1:" + server.port();
            String plaintext = curl("-sS", "-i", "--http1.1", base + "/plaintext");
            assertTrue(plaintext.startsWith("HTTP/1.1 200 OK\r\n"), plaintext);
            assertTrue(plaintext.endsWith("\r\n\r\n" + HELLO), plaintext);
            String echo = curl("-sS", "--http1.1", "--data-binary", "curl-body", base + "/echo");
            assertTrue(echo.startsWith("POST /echo HTTP/1.1\r\n"), echo);
            assertTrue(echo.endsWith("\r\n\r\ncurl-body"), echo);
            String status = curl("-sS", "-o", "/dev/null", "-w", "%{http_code}", "--http1.1", base + "/missing");
            assertEquals("404", status);
        }
    }

    // ---------------------------------------------------------------- helpers

    private String curl(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("curl", "--max-time", "10"));
        command.addAll(transport().curlOptions());
        command.addAll(List.of(args));
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new AssertionError("curl is required by the conformance kit (.ci/run installs it)", e);
        }
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("curl did not finish");
        }
        String text = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), "curl failed: " + text);
        return text;
    }

    /** Sends {@code request} on a new connection: the answer must be {@code status}, then the server closes. */
    private void assertRefusedAndClosed(RunningServer server, int status, String request) throws IOException {
        assertRefusedAndClosed(server, status, request.getBytes(StandardCharsets.ISO_8859_1));
    }

    private void assertRefusedAndClosed(RunningServer server, int status, byte[] request) throws IOException {
        String what = new String(request, StandardCharsets.ISO_8859_1);
        try (RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send(request).read();
            assertEquals(status, response.status(), what + " -> " + response.statusLine() + " " + response.bodyText());
            assertEquals("close", String.valueOf(response.header("Connection")).toLowerCase(), what);
            assertTrue(client.closedByServerAfterDiscarding(), what + ": the connection must close");
        }
    }

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private void assertServes(RunningServer server, String message) throws IOException {
        try (RawHttpConnection client = connect(server.port())) {
            RawHttpConnection.Response response = client.send(get("/plaintext")).read();
            assertEquals(200, response.status(), message);
            assertArrayEquals(HELLO.getBytes(StandardCharsets.US_ASCII), response.body(), message);
        }
    }

    private static void assertDateIsNow(String date) {
        assertNotNull(date, "Date header");
        ZonedDateTime parsed = parseDate(date);
        long skewSeconds = Math.abs(parsed.toEpochSecond() - System.currentTimeMillis() / 1000);
        assertTrue(skewSeconds <= 5, "Date " + date + " is " + skewSeconds + " s from now");
        assertTrue(
                date.matches("[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT"),
                "not an IMF-fixdate: " + date);
    }

    private static ZonedDateTime parseDate(String date) {
        return ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME);
    }

    // Threads the JDK owns and keeps after the model is gone: the virtual-thread scheduler's carriers, its
    // socket pollers and unparker, and the JDK's own housekeeping. Everything else that appeared since
    // 'before' must have ended.
    private static boolean ownedByTheJdk(Thread thread) {
        String name = thread.getName();
        return name.startsWith("ForkJoinPool-")
                || name.startsWith("ForkJoinPool.commonPool")
                || name.equals("MasterPoller")
                || name.endsWith("-Poller")
                || name.startsWith("VirtualThread-")
                || name.startsWith("InnocuousThread")
                || name.equals("Attach Listener")
                || name.equals("process reaper")
                || name.startsWith("surefire");
    }

    private static void assertNoThreadsLeft(Set<Thread> before, ModelUnderTest model) throws InterruptedException {
        // close() joins what it started; a thread may still be unwinding its last frames, so allow a bounded
        // moment for it to be reported dead.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        Set<Thread> left;
        do {
            left = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> !before.contains(t) && t.isAlive() && !ownedByTheJdk(t))
                    .collect(Collectors.toSet());
            if (left.isEmpty()) {
                return;
            }
            Thread.onSpinWait();
            for (Thread thread : left) {
                thread.join(50);
            }
        } while (System.nanoTime() < deadline);
        fail(model + ": threads still alive after close(): "
                + left.stream().map(Thread::getName).sorted().toList());
    }
}
