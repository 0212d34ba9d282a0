package io.httpmodels.server.http;

/**
 * The grammar of what may follow a chunk size on its line (RFC 9112 §7.1.1), one byte at a time, so that both
 * codecs hold chunk lines to the same rule: the blocking reader over its buffer, Netty's decoder as the bytes
 * pass.
 *
 * <pre>
 * chunk-ext     = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )
 * chunk-ext-val = token / quoted-string
 * </pre>
 *
 * So {@code 5;} (no name), {@code 5;bad[=x} (not a token), a control byte, a byte over 0x7E (obs-text, see
 * {@link #next}'s quoted text), and whitespace ending the line ({@code 5 }) are refused; {@code 5;name=value}, {@code 5 ; a = "b c"} are not. Usage, for the bytes between the
 * last hex digit and the line's CRLF:
 *
 * <pre>{@code
 * int state = ChunkExtensionSyntax.START;
 * for (byte b : extension) state = ChunkExtensionSyntax.next(state, b);
 * boolean valid = ChunkExtensionSyntax.isComplete(state);
 * }</pre>
 *
 * Stateless and thread-safe.
 */
public final class ChunkExtensionSyntax {

    /** The state right after the chunk size: the line may end here. */
    public static final int START = 0;
    /** A byte broke the grammar; stays so. */
    public static final int INVALID = -1;

    private static final int BEFORE_SEMICOLON = 1; // whitespace after the size or a value
    private static final int BEFORE_NAME = 2;
    private static final int NAME = 3;
    private static final int AFTER_NAME = 4; // whitespace after a name
    private static final int BEFORE_VALUE = 5;
    private static final int TOKEN_VALUE = 6;
    private static final int QUOTED_VALUE = 7;
    private static final int QUOTED_PAIR = 8; // after a backslash in a quoted value
    private static final int AFTER_QUOTED = 9;

    private ChunkExtensionSyntax() {}

    /** The state after {@code b}, from {@code state}. */
    public static int next(int state, byte b) {
        boolean space = b == ' ' || b == '\t';
        return switch (state) {
            case START, BEFORE_SEMICOLON, AFTER_QUOTED -> b == ';' ? BEFORE_NAME : space ? BEFORE_SEMICOLON : INVALID;
            case BEFORE_NAME -> space ? BEFORE_NAME : HttpRequestReader.isTchar(b) ? NAME : INVALID;
            case NAME, AFTER_NAME -> {
                if (b == ';') {
                    yield BEFORE_NAME;
                } else if (b == '=') {
                    yield BEFORE_VALUE;
                } else if (space) {
                    yield AFTER_NAME;
                }
                yield state == NAME && HttpRequestReader.isTchar(b) ? NAME : INVALID;
            }
            case BEFORE_VALUE ->
                space ? BEFORE_VALUE : b == '"' ? QUOTED_VALUE : HttpRequestReader.isTchar(b) ? TOKEN_VALUE : INVALID;
            case TOKEN_VALUE ->
                b == ';'
                        ? BEFORE_NAME
                        : space ? BEFORE_SEMICOLON : HttpRequestReader.isTchar(b) ? TOKEN_VALUE : INVALID;
            case QUOTED_VALUE ->
                b == '"' ? AFTER_QUOTED : b == '\\' ? QUOTED_PAIR : isQuotedText(b) ? QUOTED_VALUE : INVALID;
            case QUOTED_PAIR -> isQuotedText(b) || b == '"' || b == '\\' ? QUOTED_VALUE : INVALID;
            default -> INVALID;
        };
    }

    /** Whether a line may end in {@code state}: after the size, a name, or a value. */
    public static boolean isComplete(int state) {
        return state == START || state == NAME || state == TOKEN_VALUE || state == AFTER_QUOTED;
    }

    // qdtext = HTAB / SP / %x21 / %x23-5B / %x5D-7E, less obs-text (%x80-FF), which the RFC still allows: Netty
    // 4.2.18's decoder fails on it in a chunk extension (an index from a signed byte), so both codecs refuse it
    // alike rather than disagree on the request (found by CodecDifferentialFuzzTest). The quote and backslash are
    // handled apart.
    private static boolean isQuotedText(byte b) {
        int c = b & 0xFF;
        return c == '\t' || (c >= ' ' && c != '"' && c != '\\' && c < 0x7F);
    }
}
