package io.httpmodels.server;

import org.junit.jupiter.params.provider.Arguments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the seed files of the fuzz tests' committed corpora: the requests of {@link ConformanceKit} and
 * {@link HostileClientKit} (every bad one, and a few good ones), in one read and byte by byte, for the targets that
 * take requests; chunked bodies, Host values, chunk extensions and responses for the others. Seeds are named
 * {@code seed-<what>}; an input a fuzzing run found is committed beside them as {@code finding-<what>}, and its
 * own named test. Run from the repository's root after changing a kit:
 *
 * <pre>{@code
 * java -cp "server-api/target/test-classes:server-api/target/classes:$(cat cp.txt)" io.httpmodels.server.FuzzCorpusSeeds .
 * }</pre>
 */
public final class FuzzCorpusSeeds {

    private FuzzCorpusSeeds() {}

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        Map<String, byte[]> requests = requests();
        Map<String, byte[]> inPieces = new LinkedHashMap<>();
        requests.forEach((name, bytes) -> {
            inPieces.put(name, FuzzBytes.wholeInOneRead(bytes));
            inPieces.put(name + "-byte-by-byte", concat(new byte[] {0, 0}, bytes));
        });
        Path api = root.resolve("server-api/src/test/resources/io/httpmodels/server/http");
        write(
                api.resolve("HttpRequestReaderFuzzTestInputs/anyBytesInAnyPiecesEndInARequestACleanEndOrARejection"),
                inPieces);
        write(api.resolve("HttpRequestReaderFuzzTestInputs/validPipelinedRequestsSurviveAnySplitIntoReads"), choices());
        write(api.resolve("HttpRequestReaderFuzzTestInputs/aChunkedBodyIsDecodedAsTheGrammarSays"), chunkedBodies());
        write(
                api.resolve("HostFieldFuzzTestInputs/aHostIsValidExactlyWhenTheGrammarSaysSo"),
                ascii(
                        "h",
                        "h:",
                        "h:8080",
                        "127.0.0.1",
                        "[::1]:443",
                        "[v1.x]",
                        "%41b",
                        "x!$&'()*+;=y",
                        "user@h",
                        "a,b",
                        "[::ffff:1.2.3.4]",
                        "[1:2:3:4:5:6:7:8]",
                        "[zz]",
                        "%zz",
                        "h h",
                        ""));
        write(
                api.resolve("ChunkExtensionSyntaxFuzzTestInputs/anExtensionIsAcceptedExactlyWhenTheGrammarSaysSo"),
                ascii(
                        "",
                        ";a",
                        ";a=b",
                        " ; a = \"b c\"",
                        ";a=\"\\\"\"",
                        ";",
                        ";bad[=x",
                        " ",
                        "\t;x=1;y",
                        ";a=b ",
                        "\u0001"));
        Path netty = root.resolve("servers-netty/src/test/resources/io/httpmodels/server/netty");
        write(
                netty.resolve("NettyPipelineFuzzTestInputs/anyBytesInAnyPiecesAreAnsweredWithAStatusAndLeakNothing"),
                inPieces);
        write(netty.resolve("CodecDifferentialFuzzTestInputs/theBlockingAndNettyCodecsAgreeOnEveryRequest"), inPieces);
        Path load = root.resolve("load-client/src/test/resources/io/httpmodels/load/ResponseParserFuzzTestInputs");
        Map<String, byte[]> responses = new LinkedHashMap<>();
        responses().forEach((name, bytes) -> {
            responses.put(name, FuzzBytes.wholeInOneRead(bytes));
            responses.put(name + "-byte-by-byte", concat(new byte[] {0, 0}, bytes));
        });
        write(load.resolve("anyBytesInAnyPiecesAreCountedOrFlaggedMalformedWithoutAllocating"), responses);
        write(load.resolve("validPipelinedResponsesSurviveAnySplit"), choices());
    }

    /** Every request the kits send, by name. */
    static Map<String, byte[]> requests() {
        Map<String, byte[]> requests = new LinkedHashMap<>();
        requests.put("get", bytes("GET /plaintext HTTP/1.1\r\nHost: x\r\n\r\n"));
        requests.put(
                "pipelined", bytes("GET /plaintext HTTP/1.1\r\nHost: x\r\n\r\nGET /json HTTP/1.1\r\nHost: x\r\n\r\n"));
        requests.put("echo", bytes("POST /echo HTTP/1.1\r\nHost: x\r\nX-A:  a b \r\nContent-Length: 5\r\n\r\nhello"));
        requests.put(
                "echo-chunked",
                bytes("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "5;x=\"y\"\r\nhello\r\n0\r\nT: v\r\n\r\nGET /plaintext HTTP/1.1\r\nHost: x\r\n\r\n"));
        requests.put(
                "expect-continue",
                bytes("POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n" + "Content-Length: 2\r\n\r\nab"));
        requests.put(
                "http10-keep-alive",
                bytes("GET /plaintext HTTP/1.0\r\nConnection: keep-alive\r\n\r\n" + "GET /json HTTP/1.0\r\n\r\n"));
        requests.put(
                "head-options-404",
                bytes(
                        "HEAD /plaintext HTTP/1.1\r\nHost: x\r\n\r\nOPTIONS * HTTP/1.1\r\n"
                                + "Host: x\r\n\r\nGET /nowhere HTTP/1.1\r\nHost: x\r\n\r\nDELETE /echo HTTP/1.1\r\nHost: x\r\n\r\n"));
        requests.put(
                "close",
                bytes("GET /plaintext HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                        + "GET /plaintext HTTP/1.1\r\nHost: x\r\n\r\n"));
        for (Arguments hostile : HostileClientKit.hostileRequests().toList()) {
            requests.put("hostile-" + slug((String) hostile.get()[0]), (byte[]) hostile.get()[1]);
        }
        for (Arguments bad : ConformanceKit.badRequests().toList()) {
            String request = (String) bad.get()[1];
            if (request.length() < 4096) {
                requests.put("conformance-" + slug((String) bad.get()[0]), bytes(request));
            }
        }
        return requests;
    }

    private static Map<String, byte[]> chunkedBodies() {
        Map<String, byte[]> bodies = new LinkedHashMap<>();
        String[] cases = {
            "5\r\nhello\r\n0\r\n\r\n",
            "5;a=b\r\nhello\r\n3 ; c = \"d e\"\r\nabc\r\n0\r\nT: v\r\n\r\n",
            "0\r\n\r\n",
            "ffffffffffffffffffff\r\nhello\r\n0\r\n\r\n",
            "-5\r\nhello\r\n0\r\n\r\n",
            "2\r\nhello\r\n0\r\n\r\n",
            "zz\r\n",
            "5\nhello\r\n0\r\n\r\n",
            "5\r\nhello\n0\r\n\r\n",
            "5;\r\nhello\r\n0\r\n\r\n",
            "5 \r\nhello\r\n0\r\n\r\n",
            "1001\r\n",
            "5\r\nhel"
        };
        for (int i = 0; i < cases.length; i++) {
            bodies.put("chunked-" + i, FuzzBytes.wholeInOneRead(bytes(cases[i])));
        }
        return bodies;
    }

    private static Map<String, byte[]> responses() {
        Map<String, byte[]> responses = new LinkedHashMap<>();
        responses.put("plaintext", bytes("HTTP/1.1 200 OK\r\nServer: x\r\nContent-Length: 5\r\n\r\nhello"));
        responses.put(
                "chunked",
                bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;e=1\r\nhello\r\n"
                        + "0\r\nX-T: t\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"));
        responses.put("continue-then-204", bytes("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n"));
        responses.put("close-delimited", bytes("HTTP/1.0 200 OK\r\nConnection: close\r\n\r\nuntil the end"));
        responses.put("bad-status", bytes("HTTP/1.1 2x0 OK\r\nContent-Length: 0\r\n\r\n"));
        responses.put("bad-length", bytes("HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\n\r\nabc"));
        responses.put(
                "huge-chunk", bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffffff\r\n"));
        responses.put("http2", bytes("HTTP/2 200\r\n\r\n"));
        return responses;
    }

    // Fixed byte strings for the generating targets: each is a different sequence of choices.
    private static Map<String, byte[]> choices() {
        Map<String, byte[]> choices = new LinkedHashMap<>();
        for (int i = 0; i < 8; i++) {
            byte[] bytes = new byte[64 + 32 * i];
            long x = 0x9E3779B97F4A7C15L * (i + 1);
            for (int j = 0; j < bytes.length; j++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
                bytes[j] = (byte) x;
            }
            choices.put("choices-" + i, bytes);
        }
        return choices;
    }

    private static Map<String, byte[]> ascii(String... values) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            out.put(String.valueOf(i), bytes(values[i]));
        }
        return out;
    }

    private static void write(Path directory, Map<String, byte[]> seeds) throws IOException {
        Files.createDirectories(directory);
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, byte[]> seed : seeds.entrySet()) {
            String name = "seed-" + seed.getKey();
            Files.write(directory.resolve(name), seed.getValue());
            names.add(name);
        }
        System.out.println(directory + ": " + names.size() + " seeds");
    }

    private static String slug(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
