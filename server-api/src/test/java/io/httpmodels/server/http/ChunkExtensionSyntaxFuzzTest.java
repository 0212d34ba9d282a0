package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;

import java.nio.charset.StandardCharsets;

/**
 * {@link ChunkExtensionSyntax} under Jazzer, against RFC 9112 §7.1.1's {@code chunk-ext} written out as a regular
 * expression ({@link ReferenceChunkedBody#CHUNK_EXT}): any bytes after a chunk size are accepted exactly when it
 * matches them, and once a byte breaks the grammar no later byte mends it.
 */
class ChunkExtensionSyntaxFuzzTest {

    @FuzzTest(maxDuration = "60s")
    void anExtensionIsAcceptedExactlyWhenTheGrammarSaysSo(byte[] data) {
        int state = ChunkExtensionSyntax.START;
        boolean broken = false;
        for (byte b : data) {
            state = ChunkExtensionSyntax.next(state, b);
            broken |= state == ChunkExtensionSyntax.INVALID;
            assertEquals(broken, state == ChunkExtensionSyntax.INVALID, "INVALID is final");
        }
        if (data.length > ReferenceChunkedBody.MAX_REGEX_INPUT) {
            return; // java.util.regex recurses per repetition: a longer input would overflow the oracle's stack
        }
        String extension = new String(data, StandardCharsets.ISO_8859_1);
        assertEquals(
                ReferenceChunkedBody.CHUNK_EXT.matcher(extension).matches(),
                ChunkExtensionSyntax.isComplete(state),
                extension);
    }
}
