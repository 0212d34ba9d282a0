package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

/** How {@link TlsHostileKit} reads the way a hostile connection ended. */
class TlsHostileKitTest {

    @Test
    void nothingBeforeTheCloseIsAClose() {
        assertEquals(TlsHostileKit.Ending.CLOSED, TlsHostileKit.classify(new byte[0]));
    }

    @Test
    void anAlertRecordIsAnAlert() {
        assertEquals(
                TlsHostileKit.Ending.ALERT_THEN_CLOSED, TlsHostileKit.classify(new byte[] {0x15, 3, 3, 0, 2, 2, 40}));
    }

    @Test
    void aPlaintext400IsAccepted() {
        byte[] answer = "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        assertEquals(TlsHostileKit.Ending.PLAINTEXT_4XX_THEN_CLOSED, TlsHostileKit.classify(answer));
    }

    @Test
    void aPlaintext200OrAHandshakeRecordIsSomethingElse() {
        byte[] answer = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        assertEquals(TlsHostileKit.Ending.SOMETHING_ELSE, TlsHostileKit.classify(answer));
        assertEquals(TlsHostileKit.Ending.SOMETHING_ELSE, TlsHostileKit.classify(new byte[] {0x16, 3, 3, 0, 1, 2}));
    }

    @Test
    void theKitsClientHelloIsAHandshakeRecord() {
        byte[] hello = TlsHostileKit.clientHello();
        assertEquals(0x16, hello[0], "a handshake record");
        assertEquals(3, hello[1], "TLS major version 3");
        assertTrue(hello.length > 100, "a full ClientHello: " + hello.length + " bytes");
    }
}
