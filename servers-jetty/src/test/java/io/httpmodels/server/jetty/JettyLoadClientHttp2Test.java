package io.httpmodels.server.jetty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.httpmodels.load.HttpProtocol;
import io.httpmodels.load.LoadClient;
import io.httpmodels.load.LoadConfig;
import io.httpmodels.load.LoadReport;
import io.httpmodels.load.TlsSettings;
import io.httpmodels.server.KitTransport;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The load client's HTTP/2 against Jetty's, a server it was not written beside (its own tests run against Netty's
 * frame codec): counted runs over h2c by prior knowledge and over h2 by ALPN, each ending at its count with every
 * stream answered 200 and nothing refused, reset or lost. Jetty's SETTINGS (128 streams), HPACK and windows are its
 * own.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JettyLoadClientHttp2Test {

    private static LoadConfig.Builder streams(String url, HttpProtocol protocol) {
        return LoadConfig.builder(url)
                .protocol(protocol)
                .connections(2)
                .streams(50)
                .requests(5_000);
    }

    private static void assertEveryStreamAnswered(LoadReport report) {
        assertNull(report.abortReason());
        assertEquals(5_000, report.recorded().requests());
        assertEquals(Map.of(200, 5_000L), report.responses().statusCounts());
        assertEquals(
                0,
                report.responses().errors().total(),
                report.responses().errors().toString());
        assertEquals(2, report.connections().connectsSucceeded(), "no connection was lost");
    }

    @Test
    void everyStreamOverH2cIsAnsweredAndCounted() throws Exception {
        ServerConfig config = KitTransport.PLAIN.apply(ServerConfig.defaults()).withHttp2(true);
        try (RunningServer server = new JettyModel().start(config)) {
            String url = "http://127.0.0.1:" + server.port() + "/plaintext";
            assertEveryStreamAnswered(
                    new LoadClient(streams(url, HttpProtocol.H2C).build()).run());
        }
    }

    @Test
    void everyStreamOverH2ByAlpnIsAnsweredAndCounted() throws Exception {
        ServerConfig config = KitTransport.TLS.apply(ServerConfig.defaults()).withHttp2(true);
        try (RunningServer server = new JettyModel().start(config)) {
            String url = "https://127.0.0.1:" + server.port() + "/plaintext";
            LoadReport report = new LoadClient(streams(url, HttpProtocol.H2)
                            .tls(new TlsSettings(null, true, true, null, null))
                            .build())
                    .run();
            assertEveryStreamAnswered(report);
            assertEquals(2, report.tls().handshakes());
        }
    }

    @Test
    void streamsPacedAtARateAreEachAnsweredAndTimedFromWhenTheyWereDue() throws Exception {
        ServerConfig config = KitTransport.PLAIN.apply(ServerConfig.defaults()).withHttp2(true);
        try (RunningServer server = new JettyModel().start(config)) {
            String url = "http://127.0.0.1:" + server.port() + "/plaintext";
            LoadReport report =
                    new LoadClient(streams(url, HttpProtocol.H2C).rate(20_000).build()).run();
            assertEveryStreamAnswered(report);
            assertEquals(5_000, report.latencies().uncorrected().count());
        }
    }
}
