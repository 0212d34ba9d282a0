package io.httpmodels.server;

/**
 * The rules the kits hold models to, each once, with its words: a reference ({@code RFC 9112 §3.2}, a
 * {@link ServerConfig} setting, the workload's page, a kit's own contract) and the sentence or grammar it quotes. A
 * documented {@link Deviation} names the rule it breaks by one of these, so every module that records how a server
 * it does not write answers otherwise quotes a rule the same way, from this one place.
 */
public enum KitRule {
    HEADER_FIELDS_TOO_LARGE(
            "RFC 6585 §5",
            "The 431 status code indicates that the server is unwilling to process the request"
                    + " because its header fields are too large."),
    FIELD_NAME("RFC 9110 §5.1", "field-name = token"),
    ONE_FIELD_LINE_PER_NAME(
            "RFC 9110 §5.3",
            "A sender MUST NOT generate multiple field lines with the same name in a message (whether"
                    + " in the headers or trailers) or append a field line when a field line of the same name"
                    + " already exists in the message, unless that field's definition allows multiple field"
                    + " line values to be recombined as a comma-separated list"),
    CR_LF_NUL_IN_A_FIELD_VALUE(
            "RFC 9110 §5.5",
            "a recipient of CR, LF, or NUL within a field value MUST either reject the message or"
                    + " replace each of those characters with SP before further processing or forwarding of"
                    + " that message."),
    IMF_FIXDATE("RFC 9110 §5.6.7", "IMF-fixdate = day-name \",\" SP date1 SP time-of-day SP GMT ... day = 2DIGIT"),
    RESPONSE_VERSION(
            "RFC 9110 §6.2",
            "A server SHOULD send a response version equal to the highest version to which the server"
                    + " is conformant that has a major version less than or equal to the one received in the"
                    + " request."),
    CONTENT_LENGTH_GRAMMAR("RFC 9110 §8.6", "Content-Length = 1*DIGIT"),
    METHOD_NOT_IMPLEMENTED(
            "RFC 9110 §9.1",
            "When a request method is received that is unrecognized or not implemented by an origin"
                    + " server, the origin server SHOULD respond with the 501 (Not Implemented) status code."),
    HEAD_HAS_NO_CONTENT(
            "RFC 9110 §9.3.2",
            "The HEAD method is identical to GET except that the server MUST NOT send content in the" + " response."),
    OPTIONS_ASTERISK(
            "RFC 9110 §9.3.7",
            "An OPTIONS request with an asterisk (\"*\") as the request-target applies to the server in"
                    + " general rather than to a specific resource."),
    EXPECT_CONTINUE_OMITTED(
            "RFC 9110 §10.1.1",
            "A server that receives a 100-continue expectation in an HTTP/1.1 request that has"
                    + " content MAY omit sending a 100 (Continue) response if it has already received some or"
                    + " all of the content ... or if ... it will respond with a final status code"),
    EXPECT_FINAL_STATUS_FIRST(
            "RFC 9110 §10.1.1",
            "A server that responds with a final status code before reading the entire request"
                    + " content SHOULD indicate whether it intends to close the connection"),
    EXPECT_IMMEDIATE_RESPONSE(
            "RFC 9110 §10.1.1",
            "an origin server MUST send either: an immediate response with a final status code, if"
                    + " that status can be determined by examining just the method, target URI, and header"
                    + " fields, or an immediate 100 (Continue) response to encourage the client to send the"
                    + " request content."),
    EXPECT_IN_HTTP10(
            "RFC 9110 §10.1.1",
            "A server that receives a 100-continue expectation in an HTTP/1.0 request MUST ignore"
                    + " that expectation."),
    CONTENT_TOO_LARGE(
            "RFC 9110 §15.5.14",
            "The 413 (Content Too Large) status code indicates that the server is refusing to process"
                    + " a request because the request content is larger than the server is willing or able to"
                    + " process."),
    VERSION_NOT_SUPPORTED(
            "RFC 9110 §15.6.6",
            "The 505 (HTTP Version Not Supported) status code indicates that the server does not"
                    + " support, or refuses to support, the major version of HTTP that was used in the request"
                    + " message."),
    BARE_CR(
            "RFC 9112 §2.2",
            "A recipient of such a bare CR MUST consider that element to be invalid or replace each"
                    + " bare CR with SP before processing the element or forwarding the message."),
    BARE_LF("RFC 9112 §2.2", "a recipient MAY recognize a single LF as a line terminator and ignore any preceding CR"),
    HTTP_NAME("RFC 9112 §2.3", "HTTP-name = %s\"HTTP\""),
    HTTP_VERSION("RFC 9112 §2.3", "HTTP-version = HTTP-name \"/\" DIGIT \".\" DIGIT"),
    INVALID_REQUEST_LINE(
            "RFC 9112 §3",
            "Recipients of an invalid request-line SHOULD respond with either a 400 (Bad Request)"
                    + " error or a 301 (Moved Permanently) redirect with the request-target properly encoded."),
    URI_TOO_LONG(
            "RFC 9112 §3",
            "A server that receives a request-target longer than any URI it wishes to parse MUST"
                    + " respond with a 414 (URI Too Long) status code"),
    HOST(
            "RFC 9112 §3.2",
            "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request"
                    + " message that lacks a Host header field and to any request message that contains more"
                    + " than one Host header field line or a Host header field with an invalid field value."),
    ORIGIN_FORM("RFC 9112 §3.2", "origin-form = absolute-path [ \"?\" query ]"),
    REQUEST_TARGET("RFC 9112 §3.2", "request-target = origin-form / absolute-form / authority-form / asterisk-form"),
    ASTERISK_FORM(
            "RFC 9112 §3.2.4", "The asterisk-form of request-target is only used for a server-wide OPTIONS request"),
    STATUS_LINE(
            "RFC 9112 §4",
            "status-line = HTTP-version SP status-code SP [ reason-phrase ] (the kit, as the"
                    + " project's models, expects the reason phrase)"),
    FIELD_LINE("RFC 9112 §5", "field-line = field-name \":\" OWS field-value OWS"),
    WHITESPACE_BEFORE_COLON(
            "RFC 9112 §5.1",
            "A server MUST reject, with a response status code of 400 (Bad Request), any received"
                    + " request message that contains whitespace between a header field name and colon."),
    OBS_FOLD(
            "RFC 9112 §5.2",
            "A server that receives an obs-fold in a request message that is not within a"
                    + " \"message/http\" container MUST either reject the message by sending a 400 (Bad Request),"
                    + " preferably with a representation explaining that obsolete line folding is unacceptable,"
                    + " or replace each received obs-fold with one or more SP octets prior to interpreting the"
                    + " field value"),
    CONTENT_LENGTH_WITH_TRANSFER_ENCODING(
            "RFC 9112 §6.1",
            "A server MAY reject a request that contains both Content-Length and Transfer-Encoding or"
                    + " process such a request in accordance with the Transfer-Encoding alone. Regardless, the"
                    + " server MUST close the connection after responding to such a request"),
    UNKNOWN_TRANSFER_CODING(
            "RFC 9112 §6.1",
            "A server that receives a request message with a transfer coding it does not understand"
                    + " SHOULD respond with 501 (Not Implemented)."),
    CONTENT_LENGTH_DEFINES_THE_BODY(
            "RFC 9112 §6.2",
            "If a message is received without Transfer-Encoding and with a valid Content-Length"
                    + " header field, the Content-Length field value defines the expected message body length"),
    CHUNKED_NOT_FINAL(
            "RFC 9112 §6.3",
            "If a Transfer-Encoding header field is present in a request and the chunked transfer"
                    + " coding is not the final encoding, the message body length cannot be determined"
                    + " reliably; the server MUST respond with the 400 (Bad Request) status code and then close"
                    + " the connection."),
    INVALID_CONTENT_LENGTH(
            "RFC 9112 §6.3",
            "If a message is received without Transfer-Encoding and with an invalid Content-Length"
                    + " header field, then the message framing is invalid and the recipient MUST treat it as an"
                    + " unrecoverable error ... the server MUST respond with a 400 (Bad Request) status code"
                    + " and then close the connection."),
    CHUNK("RFC 9112 §7.1", "chunk = chunk-size [ chunk-ext ] CRLF chunk-data CRLF"),
    CHUNKED_DECODED("RFC 9112 §7.1", "A recipient MUST be able to parse and decode the chunked transfer coding."),
    CHUNK_SIZE("RFC 9112 §7.1", "chunk-size = 1*HEXDIG"),
    CHUNK_SIZE_OVERFLOW(
            "RFC 9112 §7.1",
            "Recipients MUST anticipate potentially large hexadecimal numerals and prevent software"
                    + " errors due to integer conversion overflows or precision loss due to integer"
                    + " representation."),
    CHUNK_EXTENSION("RFC 9112 §7.1.1", "chunk-ext = *( BWS \";\" BWS chunk-ext-name [ BWS \"=\" BWS chunk-ext-val ] )"),
    UNRECOGNIZED_CHUNK_EXTENSION("RFC 9112 §7.1.1", "A recipient MUST ignore unrecognized chunk extensions."),
    HTTP10_KEEP_ALIVE(
            "RFC 9112 §9.3",
            "If the received protocol is HTTP/1.0, the \"keep-alive\" connection option is present, ..."
                    + " the connection will persist after the current response; otherwise, the connection will"
                    + " close after the current response."),
    PERSISTENT_CONNECTIONS(
            "RFC 9112 §9.3",
            "HTTP/1.1 defaults to the use of \"persistent connections\", allowing multiple requests and"
                    + " responses to be carried over a single connection."),
    CLOSE_IN_THE_ANSWER(
            "RFC 9112 §9.6",
            "The server SHOULD send a \"close\" connection option in its final response on that" + " connection."),
    CLOSE_RECEIVED(
            "RFC 9112 §9.6",
            "A server that receives a \"close\" connection option MUST initiate closure of the"
                    + " connection after it sends the final response to the request that contained the \"close\""
                    + " connection option."),
    CLOSE_SENT(
            "RFC 9112 §9.6",
            "A server that sends a \"close\" connection option MUST initiate closure of the connection"
                    + " ... after it sends the response containing the \"close\" connection option"),
    LEAK_AFTER_LOAD(
            "LeakKit", "its thread count and open file descriptors come back to where they were after a warm-up"),
    LEAK_CLOSE(
            "LeakKit",
            "close() brings them back to where they were before the model started, with none of the"
                    + " model's threads left."),
    RUNNING_SERVER_CLOSE(
            "RunningServer.close()",
            "Closing it stops accepting, closes every connection, ends every thread the model started"
                    + " and frees the port before close() returns."),
    IDLE_TIMEOUT_CONTRACT(
            "ServerConfig's idle timeout (the HttpServerModel contract)",
            "a connection idle for the idle timeout is closed"),
    BODY_TIMEOUT(
            "ServerConfig.bodyTimeout",
            "a whole request body must arrive within this long of the end of its head; else 408 (or,"
                    + " if the request was already answered, just a close)"),
    HEADER_TIMEOUT(
            "ServerConfig.headerTimeout",
            "a whole request head (request line and header fields) must arrive within this long of"
                    + " its first byte, as nginx's client_header_timeout; else 408 and a close"),
    IDLE_TIMEOUT(
            "ServerConfig.idleTimeout",
            "a connection that sends nothing for this long is closed: between requests (keep-alive"
                    + " idling) and between any two reads"),
    PENDING_OUTPUT(
            "ServerConfig.maxPendingOutputBytes",
            "A connection held over it whose peer takes nothing for the idle timeout is closed"),
    HTTP2_ABUSE(
            "RFC 9113 §10.5",
            "An endpoint that doesn't monitor use of these features exposes itself to a risk of denial of"
                    + " service. Implementations SHOULD track the use of these features and set limits on their"
                    + " use. An endpoint MAY treat activity that is suspicious as a connection error (Section"
                    + " 5.4.1) of type ENHANCE_YOUR_CALM."),
    H2_PREFACE(
            "RFC 9113 §3.4",
            "the server connection preface consists of a potentially empty SETTINGS frame that MUST be the first frame"
                    + " the server sends in the HTTP/2 connection. ... Clients and servers MUST treat an invalid"
                    + " connection preface as a connection error of type PROTOCOL_ERROR."),
    H2_FRAME_SIZE(
            "RFC 9113 §4.2",
            "An endpoint MUST send an error code of FRAME_SIZE_ERROR if a frame exceeds the size defined in"
                    + " SETTINGS_MAX_FRAME_SIZE ... A frame size error in a frame that could alter the state of the"
                    + " entire connection MUST be treated as a connection error; this includes any frame carrying a"
                    + " field block"),
    H2_FIELD_BLOCK(
            "RFC 9113 §4.3, §6.10",
            "Field blocks MUST be transmitted as a contiguous sequence of frames, with no interleaved frames of any"
                    + " other type or from any other stream. ... A CONTINUATION frame MUST be preceded by a HEADERS,"
                    + " PUSH_PROMISE or CONTINUATION frame without the END_HEADERS flag set. A recipient that observes"
                    + " violation of this rule MUST respond with a connection error of type PROTOCOL_ERROR."),
    H2_STREAM_STATES(
            "RFC 9113 §5.1, §5.1.1",
            "idle: Receiving any frame other than HEADERS or PRIORITY on a stream in this state MUST be treated as a"
                    + " connection error of type PROTOCOL_ERROR. ... half-closed (remote): it MUST respond with a"
                    + " stream error of type STREAM_CLOSED. ... Streams initiated by a client MUST use odd-numbered"
                    + " stream identifiers ... The identifier of a newly established stream MUST be numerically"
                    + " greater than all streams that the initiating endpoint has opened or reserved."),
    H2_UNKNOWN_FRAME("RFC 9113 §4.1, §5.5", "Implementations MUST ignore and discard frames of unknown types."),
    H2_SETTINGS(
            "RFC 9113 §6.5, §6.5.2, §6.5.3",
            "If an endpoint receives a SETTINGS frame whose Stream Identifier field is anything other than 0x00, the"
                    + " endpoint MUST respond with a connection error of type PROTOCOL_ERROR. ... Once all values have"
                    + " been processed, the recipient MUST immediately emit a SETTINGS frame with the ACK flag set."),
    H2_PING(
            "RFC 9113 §6.7",
            "Receivers of a PING frame that does not include an ACK flag MUST send a PING frame with the ACK flag set"
                    + " in response, with an identical frame payload. ... Receipt of a PING frame with a length field"
                    + " value other than 8 MUST be treated as a connection error of type FRAME_SIZE_ERROR."),
    H2_FLOW_CONTROL(
            "RFC 9113 §6.9, §6.9.1",
            "A receiver MUST treat the receipt of a WINDOW_UPDATE frame with a flow-control window increment of 0 as"
                    + " a stream error of type PROTOCOL_ERROR ... A sender MUST NOT send a flow-controlled frame with a"
                    + " length that exceeds the space available in either of the flow-control windows advertised by"
                    + " the receiver. ... If a sender receives a WINDOW_UPDATE that causes a flow-control window to"
                    + " exceed this maximum, it MUST terminate either the stream or the connection"),
    H2_MALFORMED(
            "RFC 9113 §8.1.1, §8.2, §8.3",
            "Malformed requests or responses that are detected MUST be treated as a stream error of type"
                    + " PROTOCOL_ERROR. ... A field name MUST NOT contain characters in the ranges 0x00-0x20,"
                    + " 0x41-0x5a, or 0x7f-0xff ... Any message containing connection-specific header fields MUST be"
                    + " treated as malformed. ... All HTTP/2 requests MUST include exactly one valid value for the"
                    + " \":method\", \":scheme\", and \":path\" pseudo-header fields"),
    TLS_HANDSHAKE(
            "ServerTls: the handshake deadline",
            "A model serving TLS must finish a handshake within the config's header deadline of"
                    + " accepting the connection, or close it: a client that stops mid-handshake holds a"
                    + " connection no longer than one that stops mid-head."),
    CLOSE_CONTRACT(
            "the HttpServerModel contract (RunningServer.close)",
            "close() ends every connection and thread the server started and frees its port"),
    KIT_TLS_WRITE_AFTER_HANDSHAKE(
            "the kit's own limit, not a rule of HTTP: KitTransport.TLS",
            "Over TLS no request byte can be written before the handshake, which needs the server's" + " thread."),
    ECHO(
            "the workload's /echo (docs/models-and-workload.md)",
            "/echo answers the request line and every header field as received, in order"),
    BAD_INPUT_CLOSES(
            "the workload's error answers (docs/models-and-workload.md)",
            "bad input gets its own status and closes the connection"),
    ERROR_ANSWER(
            "the workload's error answers (docs/models-and-workload.md)",
            "an error answer is text/plain and its body starts with its status code");

    private final String reference;
    private final String words;

    KitRule(String reference, String words) {
        this.reference = reference;
        this.words = words;
    }

    /** Where the rule is written: {@code RFC 9112 §3.2}, {@code ServerConfig.headerTimeout}, ... */
    public String reference() {
        return reference;
    }

    /** The rule's words, quoted. */
    public String words() {
        return words;
    }
}
