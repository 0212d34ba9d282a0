package io.httpmodels.server.helidon;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;
import io.httpmodels.server.Http2ConformanceKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.List;
import java.util.stream.Stream;

/**
 * The helidon model against the {@link Http2ConformanceKit}, through Helidon's own HTTP/2 over h2c by prior knowledge
 * ({@code helidon-webserver-http2}, its {@code Http2Config} as the model sets it). In the slow set, as the module's
 * other kits: 41 cases in 2 to 17 s. Where Helidon answers otherwise is on record below.
 */
@Tag("slow")
class HelidonHttp2ConformanceTest extends Http2ConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(HelidonServer.NAME).withDeviations(deviations()));
    }

    /**
     * Where Helidon 4.5.0 answers the kit otherwise, as the kit observed it (2026-12-07): an invalid preface is left
     * unanswered, DATA after the client's END_STREAM ends the connection with another code, and two
     * connection-specific fields (Keep-Alive, Upgrade) pass through to the handler, which serves them.
     */
    private static List<Deviation> deviations() {
        return DeviationTable.parse("""
                anInvalidPrefaceIsAConnectionErrorOfTypeProtocolError | H2_PREFACE, silent | sends nothing and keeps
                    the connection open
                dataAfterTheClientEndedItsStreamIsAStreamErrorOfTypeStreamClosed | H2_STREAM_STATES | ends the
                    connection with GOAWAY PROTOCOL_ERROR without answering the stream, rather than a STREAM_CLOSED
                    error
                aMalformedRequestIsAStreamErrorOfTypeProtocolError: Keep-Alive field | H2_MALFORMED | serves it 200
                aMalformedRequestIsAStreamErrorOfTypeProtocolError: Upgrade field | H2_MALFORMED | serves it 200
                """).of(HelidonServer.NAME);
    }
}
