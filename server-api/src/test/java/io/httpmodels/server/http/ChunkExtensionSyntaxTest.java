package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

/** RFC 9112 §7.1.1: what may follow a chunk size on its line. */
class ChunkExtensionSyntaxTest {

    private static boolean valid(String afterSize) {
        int state = ChunkExtensionSyntax.START;
        for (byte b : afterSize.getBytes(StandardCharsets.ISO_8859_1)) {
            state = ChunkExtensionSyntax.next(state, b);
        }
        return ChunkExtensionSyntax.isComplete(state);
    }

    @Test
    void extensionsWithTokensQuotedValuesAndBadWhitespaceAreValid() {
        for (String ext : new String[] {
            "",
            ";a",
            ";a=b",
            ";a;b",
            ";a=b;c=d",
            " ;a",
            "\t;a",
            "; a",
            ";a =b",
            ";a= b",
            ";a=b ;c",
            ";a ;b",
            ";a=\"\"",
            ";a=\"b c\"",
            ";a=\"q\\\"d\"",
            ";a=\"\\\\\"",
            ";a=\"\t~\"",
            ";a=\"x\" ;b",
            ";a=\"x\";b",
            ";!#$%&'*+-.^_`|~09AZaz=!#$%&'*+-.^_`|~09AZaz"
        }) {
            assertTrue(valid(ext), ext);
        }
    }

    @Test
    void aBareSemicolonNonTokensControlBytesAndTrailingWhitespaceAreInvalid() {
        for (String ext : new String[] {
            ";",
            " ",
            "\t",
            ";a ",
            ";a=b ",
            ";a=",
            ";=b",
            ";bad[=x",
            ";a=b[",
            ";a\u0001",
            ";a=\u0001",
            "x",
            ";a=b=c",
            ";a=\"open",
            ";a=\"x\"y",
            ";a=\"\u0001\"",
            ";a=\"\\\u0001\"",
            ";a=\"\u007f\"",
            // obs-text: the RFC allows it in a quoted value, Netty 4.2.18 fails on it; both codecs refuse it
            ";a=\"\t\u00ff\"",
            ";a=\"\\\u00b7\"",
            "; ;a",
            ";a b",
            ";a= \"x\" y",
            ";a=\"x\" ",
            ";a==b"
        }) {
            assertFalse(valid(ext), ext);
        }
    }

    @Test
    void anInvalidStateStaysInvalid() {
        int state = ChunkExtensionSyntax.next(ChunkExtensionSyntax.START, (byte) 'x');
        assertEquals(ChunkExtensionSyntax.INVALID, state);
        assertEquals(ChunkExtensionSyntax.INVALID, ChunkExtensionSyntax.next(state, (byte) ';'));
        assertFalse(ChunkExtensionSyntax.isComplete(ChunkExtensionSyntax.INVALID));
    }
}
