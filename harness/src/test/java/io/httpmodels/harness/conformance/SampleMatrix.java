package io.httpmodels.harness.conformance;

import java.util.List;

/** Kit records as the kits write them, for the matrix, command and report tests. */
public final class SampleMatrix {

    public static final String BAD_INPUT = "badInputGetsItsStatusAndTheConnectionCloses";
    public static final String SMUGGLING_CASE = "Content-Length and Transfer-Encoding (smuggling)";
    public static final String NO_CLOSE = "answers the right status itself, but without a Connection: close field";
    public static final String SLOW_HEAD = "aHeadTrickledByteByByteIsCutAtTheHeaderDeadline";

    private SampleMatrix() {}

    static RecordedCase passed(String test, String caseName) {
        return new RecordedCase(test, caseName, CaseOutcome.PASSED, null, null, null, null, null, null, null);
    }

    static RecordedCase notRun(String test, String reason) {
        return new RecordedCase(test, "", CaseOutcome.NOT_RUN, null, null, null, null, null, null, reason);
    }

    /** {@code c} with what it measured. */
    static RecordedCase measured(RecordedCase c, String measured) {
        return new RecordedCase(
                c.test(),
                c.caseName(),
                c.outcome(),
                c.instead(),
                c.rule(),
                c.words(),
                c.concern(),
                c.failure(),
                measured,
                c.reason());
    }

    static RecordedCase deviation(String test, String caseName, String instead, String rule, String concern) {
        return new RecordedCase(
                test, caseName, CaseOutcome.DEVIATION, instead, rule, "words", concern, "expected", null, null);
    }

    /** Two kits over four models: vertx deviates (one smuggling case, one deadline), netty runs two transports. */
    public static List<RecordedKit> records() {
        return List.of(
                new RecordedKit(
                        RecordedKit.SCHEMA,
                        "vertx",
                        "VertxConformanceTest",
                        "ConformanceKit",
                        List.of(
                                passed("jsonAnswersTheSerialisedMessage", ""),
                                deviation(BAD_INPUT, SMUGGLING_CASE, NO_CLOSE, "RFC 9112 §9.6", "request smuggling"),
                                deviation(
                                        BAD_INPUT,
                                        "malformed version",
                                        "answers 501 with the request's own version in the status line",
                                        "RFC 9112 §2.3",
                                        null))),
                new RecordedKit(
                        RecordedKit.SCHEMA,
                        "vertx",
                        "VertxDeadlineTest",
                        "DeadlineKit",
                        List.of(deviation(
                                SLOW_HEAD,
                                "",
                                "waits for the head as long as bytes arrive",
                                "ServerConfig.headerTimeout",
                                "no header or body deadline"))),
                new RecordedKit(
                        RecordedKit.SCHEMA,
                        "netty (epoll)",
                        "NettyConformanceTest",
                        "ConformanceKit",
                        List.of(
                                passed("jsonAnswersTheSerialisedMessage", ""),
                                passed(BAD_INPUT, SMUGGLING_CASE),
                                passed(BAD_INPUT, "malformed version"))),
                new RecordedKit(
                        RecordedKit.SCHEMA,
                        "netty (nio)",
                        "NettyConformanceTest",
                        "ConformanceKit",
                        List.of(passed("jsonAnswersTheSerialisedMessage", ""))),
                new RecordedKit(
                        RecordedKit.SCHEMA,
                        "single-thread",
                        "BioDeadlineTest",
                        "DeadlineKit",
                        List.of(passed(SLOW_HEAD, ""))));
    }

    public static final String ATTACK = "anHttp2AttackLeavesTheServerInBoundedMemoryServingOthers";
    public static final String PREFACE = "aBadConnectionPrefaceIsAConnectionErrorOfTypeProtocolError";
    public static final String GOAWAY_FIGURES =
            "CLOSED_WITH_GOAWAY: GOAWAY ENHANCE_YOUR_CALM, connection closed; sent 3.1 MiB in 210 ms; resident set"
                    + " +2 MiB; CPU 0.40 cores attacked, 0.01 after; resets none; 4 bystander(s) answered, in 12 ms"
                    + " at most";
    public static final String BOMB_FIGURES = "MEMORY_GREW: connection kept; sent 1.0 MiB in 1400 ms; resident set"
            + " +776 MiB (stopped by the kit); CPU 1.00 cores attacked, 0.02 after; resets none; 20 bystander(s)"
            + " answered, in 200 ms at most";

    /**
     * {@link #records()} and HTTP/2's: netty and helidon (which speak h2c) ran the attack kit, netty the HTTP/2
     * conformance kit, helidon's HPACK bomb is on record; single-thread speaks HTTP/1.1 only and ran no HTTP/2 kit.
     */
    public static List<RecordedKit> withHttp2() {
        List<String> http11 = List.of(RecordedKit.HTTP_1_1);
        List<String> h2 = List.of(RecordedKit.HTTP_1_1, "h2c", "h2");
        List<RecordedKit> records = new java.util.ArrayList<>(records());
        records.add(new RecordedKit(
                RecordedKit.SCHEMA,
                "single-thread",
                "BioConformanceTest",
                "ConformanceKit",
                RecordedKit.HTTP_1_1,
                http11,
                List.of(passed("jsonAnswersTheSerialisedMessage", ""))));
        records.add(new RecordedKit(
                RecordedKit.SCHEMA,
                "netty (nio)",
                "NettyHttp2AttackTest",
                "Http2AttackKit",
                "h2c",
                h2,
                List.of(measured(passed(ATTACK, "HPACK_BOMB"), GOAWAY_FIGURES))));
        records.add(new RecordedKit(
                RecordedKit.SCHEMA,
                "netty (nio)",
                "NettyHttp2ConformanceTest",
                "Http2ConformanceKit",
                "h2c",
                h2,
                List.of(passed(PREFACE, ""))));
        records.add(new RecordedKit(
                RecordedKit.SCHEMA,
                "helidon",
                "HelidonHttp2AttackTest",
                "Http2AttackKit",
                "h2c",
                h2,
                List.of(measured(
                        deviation(
                                ATTACK,
                                "HPACK_BOMB",
                                "holds an HPACK bomb's decoded list in memory",
                                "RFC 9113 §10.5",
                                "an HTTP/2 denial of service"),
                        BOMB_FIGURES))));
        return records;
    }

    /** The matrix of {@link #records()}. */
    public static ConformanceMatrix matrix() {
        return ConformanceMatrix.of(records(), "2026-12-04T15:00:00Z", "cdeaa9a0123456789");
    }
}
