package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

import java.util.List;

/** RFC 9112 §6.1 and §6.3: chunked last and once (else 400); other codings before it are not implemented (501). */
class TransferCodingsTest {

    private static String status(String... lines) {
        RequestRejectedException refusal = TransferCodings.refusal(List.of(lines));
        return refusal == null ? "served" : refusal.status().code() + " " + refusal.detail();
    }

    @Test
    void chunkedAloneIsServedWhateverItsCaseAndEmptyElements() {
        assertNull(TransferCodings.refusal(List.of("chunked")));
        assertEquals("served", status("Chunked"));
        assertEquals("served", status(" , chunked ,"));
        assertEquals("served", status("", "chunked"));
    }

    @Test
    void chunkedNotFinalOrTwiceIsABadRequest() {
        String bad = "400 chunked must be the final transfer coding, and only once";
        assertEquals(bad, status("chunked, gzip"));
        assertEquals(bad, status("gzip"));
        assertEquals(bad, status("chunked", "gzip"));
        assertEquals(bad, status("chunked", "chunked"));
        assertEquals(bad, status("chunked, chunked"));
        assertEquals(bad, status(""));
        assertEquals(bad, status("chunked;x=1"));
    }

    @Test
    void anotherCodingBeforeChunkedIsNotImplemented() {
        String notImplemented = "501 only the chunked transfer coding is supported";
        assertEquals(notImplemented, status("gzip, chunked"));
        assertEquals(notImplemented, status("gzip", "chunked"));
    }
}
