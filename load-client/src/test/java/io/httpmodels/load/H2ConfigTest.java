package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.function.UnaryOperator;

/** What HTTP/2 does not (yet) combine with is a usage error, never a run with a silently wrong figure. */
class H2ConfigTest {

    private static LoadConfig.Builder h2c() {
        return LoadConfig.builder("http://127.0.0.1:8080/")
                .protocol(HttpProtocol.H2C)
                .streams(10);
    }

    @ParameterizedTest
    @CsvSource({
        "pipeline, HTTP/2 keeps its connections and runs --streams",
        "no-keep-alive, HTTP/2 keeps its connections and runs --streams",
        "body, a request body over HTTP/2 is not yet supported",
        "idle, idle and slow connections are HTTP/1.1 only",
        "https, h2c is HTTP/2 over cleartext",
        "h2, h2 is HTTP/2 over TLS: give an https:// URL",
        "h1-streams, --streams needs HTTP/2",
        "window, the HTTP/2 window must be between"
    })
    void unsupportedCombinationsAreUsageErrors(String what, String message) {
        UnaryOperator<LoadConfig.Builder> change = switch (what) {
            case "pipeline" -> b -> b.pipeline(4);
            case "no-keep-alive" -> b -> b.keepAlive(false);
            case "body" -> b -> b.body(new byte[] {1});
            case "idle" -> b -> b.idleConnections(1);
            case "https" -> b -> b.uri(java.net.URI.create("https://127.0.0.1:8443/"));
            case "h2" -> b -> b.protocol(HttpProtocol.H2);
            case "h1-streams" -> b -> b.protocol(HttpProtocol.H1);
            case "window" -> b -> b.h2Window(0);
            default -> throw new IllegalArgumentException(what);
        };
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> change.apply(h2c()).build());
        assertEquals(true, e.getMessage().startsWith(message), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"h1, H1", "H2C, H2C", "h2, H2"})
    void protocolsAreNamedAsOnTheCommandLine(String name, HttpProtocol protocol) {
        assertEquals(protocol, HttpProtocol.of(name));
    }
}
