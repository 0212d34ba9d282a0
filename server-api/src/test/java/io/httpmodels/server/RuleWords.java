package io.httpmodels.server;

/**
 * The rules a documented {@link Deviation} cites, each once: a rule's name ({@code RFC 9112 §2.3}, or the
 * {@link ServerConfig} setting a deviation misses) and its words, quoted, so that every module that records how a
 * server it does not write answers otherwise quotes them the same.
 */
public final class RuleWords {

    public static final String REQUEST_LINE_WORDS =
            "Recipients of an invalid request-line SHOULD respond with either a 400 (Bad Request) error or a 301"
                    + " (Moved Permanently) redirect with the request-target properly encoded.";
    public static final String VERSION_RULE = "RFC 9112 §2.3";
    public static final String VERSION_WORDS = "HTTP-version = HTTP-name \"/\" DIGIT \".\" DIGIT";
    public static final String FOLD_RULE = "RFC 9112 §5.2";
    public static final String FOLD_WORDS = "A server that receives an obs-fold in a request message that is not"
            + " within a \"message/http\" container MUST either reject the message by sending a 400 (Bad Request),"
            + " preferably with a representation explaining that obsolete line folding is unacceptable, or replace"
            + " each received obs-fold with one or more SP octets prior to interpreting the field value";
    public static final String CHUNK_RULE = "RFC 9112 §7.1";
    public static final String CHUNK_OVERFLOW_WORDS = "Recipients MUST anticipate potentially large hexadecimal"
            + " numerals and prevent software errors due to integer conversion overflows or precision loss due to"
            + " integer representation.";
    /** Chunk extensions' grammar. */
    public static final String CHUNK_EXTENSION_RULE = "RFC 9112 §7.1.1";
    /** Transfer codings: an unknown one before chunked is refused with 501. */
    public static final String TRANSFER_CODING_RULE = "RFC 9112 §6.1";
    /** The message body length: Content-Length with Transfer-Encoding, chunked not final. */
    public static final String MESSAGE_LENGTH_RULE = "RFC 9112 §6.3";
    /** The bound on a connection's unsent output (the backpressure kit). */
    public static final String PENDING_OUTPUT_RULE = "ServerConfig.maxPendingOutputBytes";

    public static final String HEADER_RULE = "ServerConfig.headerTimeout";
    public static final String HEADER_WORDS = "a whole request head (request line and header fields) must arrive"
            + " within this long of its first byte, as nginx's client_header_timeout; else 408 and a close";
    public static final String BODY_RULE = "ServerConfig.bodyTimeout";
    public static final String BODY_WORDS = "a whole request body must arrive within this long of the end of its"
            + " head; else 408 (or, if the request was already answered, just a close)";

    /** The bound on a TLS handshake every model serving HTTPS keeps (see {@code ServerTls}). */
    public static final String TLS_HANDSHAKE_RULE = "ServerTls: the handshake deadline";

    public static final String TLS_HANDSHAKE_WORDS = "A model serving TLS must finish a handshake within the config's"
            + " header deadline of accepting the connection, or close it: a client that stops mid-handshake holds a"
            + " connection no longer than one that stops mid-head.";

    private RuleWords() {}
}
