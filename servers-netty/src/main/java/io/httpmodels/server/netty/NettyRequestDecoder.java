package io.httpmodels.server.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectDecoder;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpContentException;
import io.netty.util.ByteProcessor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;

/**
 * Netty's request decoder, plus two checks it lacks.
 *
 * <p>Obsolete line folding (a header line starting with a space or tab, RFC 9112 section 5.2) is refused with
 * 400: Netty joins such lines to the previous value, so the handler could not tell. The head is scanned before
 * Netty parses it, once per decode call while a head is being read.
 *
 * <p>A chunked body whose next chunk <em>declares</em> a size
 * that would take the body over {@code maxBodyBytes} is refused as soon as the chunk-size line is read, before
 * its data arrives, as a {@link LastHttpContent} whose decoder result fails with
 * {@link TooLongHttpContentException} (the handler answers 413). A client that sends {@code 10001\r\n} and
 * waits would otherwise wait forever: Netty reports chunk data only as it arrives.
 *
 * <p>The declared size is private to {@link HttpObjectDecoder}, so this reads it through a {@link VarHandle}
 * (Netty is on the class path, whose packages are open). Should a later Netty rename those fields, the check
 * is skipped and the body limit still holds, enforced by the handler on the bytes that arrive.
 *
 * <p>One instance per channel, used on its event loop only: not thread-safe.
 */
final class NettyRequestDecoder extends HttpRequestDecoder {

    private static final VarHandle CHUNK_SIZE;
    private static final VarHandle STATE;
    private static final Object READ_CHUNKED_CONTENT;
    /** The states in which the decoder is at the start of a message, before its request line is consumed. */
    private static final Object[] AT_MESSAGE_START = new Object[3];

    private static final Object READ_HEADER;

    static {
        VarHandle chunkSize = null;
        VarHandle state = null;
        Object readChunkedContent = null;
        Object readHeader = null;
        try {
            MethodHandles.Lookup lookup =
                    MethodHandles.privateLookupIn(HttpObjectDecoder.class, MethodHandles.lookup());
            chunkSize = lookup.findVarHandle(HttpObjectDecoder.class, "chunkSize", long.class);
            Class<?> stateType = Class.forName(HttpObjectDecoder.class.getName() + "$State");
            state = lookup.findVarHandle(HttpObjectDecoder.class, "currentState", stateType);
            for (Object constant : stateType.getEnumConstants()) {
                switch (((Enum<?>) constant).name()) {
                    case "READ_CHUNKED_CONTENT" -> readChunkedContent = constant;
                    case "READ_HEADER" -> readHeader = constant;
                    case "SKIP_INITIAL_LINE_CHARS" -> AT_MESSAGE_START[0] = constant;
                    case "SKIP_CONTROL_CHARS" -> AT_MESSAGE_START[1] = constant;
                    case "READ_INITIAL" -> AT_MESSAGE_START[2] = constant;
                    default -> {}
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            chunkSize = null;
        }
        boolean usable = chunkSize != null
                && state != null
                && readChunkedContent != null
                && readHeader != null
                && AT_MESSAGE_START[0] != null
                && AT_MESSAGE_START[1] != null
                && AT_MESSAGE_START[2] != null;
        CHUNK_SIZE = usable ? chunkSize : null;
        STATE = usable ? state : null;
        READ_CHUNKED_CONTENT = readChunkedContent;
        READ_HEADER = readHeader;
    }

    private final int maxBodyBytes;
    /** Body bytes of the current message decoded so far. */
    private long bodyBytes;
    /** Set once the current message was refused: its remaining chunks are not checked again. */
    private boolean refused;
    /** Set once a folded header was found: everything after it is discarded, as Netty does after bad input. */
    private boolean broken;

    private final FoldFinder foldFinder = new FoldFinder();

    NettyRequestDecoder(HttpDecoderConfig config, int maxBodyBytes) {
        super(config);
        this.maxBodyBytes = maxBodyBytes;
    }

    /** Whether both checks work with this Netty version (they read the decoder's private state). */
    static boolean checksWork() {
        return CHUNK_SIZE != null;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
        if (broken) {
            buffer.skipBytes(buffer.readableBytes());
            return;
        }
        if (STATE != null && hasFoldedHeader(buffer)) {
            broken = true;
            buffer.skipBytes(buffer.readableBytes());
            HttpMessage invalid = createInvalidMessage();
            invalid.setDecoderResult(
                    DecoderResult.failure(new IllegalArgumentException("obsolete line folding in a header field")));
            out.add(invalid);
            return;
        }
        int first = out.size();
        super.decode(ctx, buffer, out);
        for (int i = first; i < out.size(); i++) {
            if (out.get(i) instanceof HttpContent content) {
                if (content instanceof LastHttpContent) {
                    bodyBytes = 0;
                    refused = false;
                } else {
                    bodyBytes += content.content().readableBytes();
                }
            }
        }
        if (STATE != null && !refused && STATE.get(this) == READ_CHUNKED_CONTENT) {
            long declared = bodyBytes + (long) CHUNK_SIZE.get(this);
            if (declared > maxBodyBytes) {
                refused = true;
                LastHttpContent tooLarge = new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER);
                tooLarge.setDecoderResult(DecoderResult.failure(new TooLongHttpContentException(
                        "chunked body declares " + declared + " bytes, over the limit of " + maxBodyBytes)));
                out.add(tooLarge);
            }
        }
    }

    /** Whether the head the decoder is about to read, as far as it has arrived, folds a header line. */
    private boolean hasFoldedHeader(ByteBuf buffer) {
        Object state = STATE.get(this);
        boolean midHead = state == READ_HEADER;
        if (!midHead && state != AT_MESSAGE_START[0] && state != AT_MESSAGE_START[1] && state != AT_MESSAGE_START[2]) {
            return false;
        }
        foldFinder.reset(midHead);
        int found = buffer.forEachByte(foldFinder);
        return found >= 0 && foldFinder.folded;
    }

    /**
     * Walks a head line by line and stops at its end (the empty line) or at a line that starts with a space
     * or tab after the request line: a fold. Netty consumes whole lines only, so mid-head the buffer starts at
     * a line start.
     */
    private static final class FoldFinder implements ByteProcessor {
        private boolean lineStart;
        private boolean seenLine;
        boolean folded;

        void reset(boolean midHead) {
            lineStart = true;
            seenLine = midHead;
            folded = false;
        }

        @Override
        public boolean process(byte value) {
            if (lineStart) {
                if (value == '\r' || value == '\n') {
                    // Before the request line: blank lines Netty skips. After it: the end of the head.
                    return !seenLine;
                }
                if ((value == ' ' || value == '\t') && seenLine) {
                    folded = true;
                    return false;
                }
                lineStart = false;
                seenLine = true;
            }
            if (value == '\n') {
                lineStart = true;
            }
            return true;
        }
    }
}
