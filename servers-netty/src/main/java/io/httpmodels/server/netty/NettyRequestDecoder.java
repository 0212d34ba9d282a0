package io.httpmodels.server.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.DecoderResultProvider;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectDecoder;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpContentException;
import io.netty.util.ByteProcessor;
import io.netty.util.ReferenceCountUtil;

import java.util.List;

/**
 * Netty's request decoder, plus two checks it lacks.
 *
 * <p>Obsolete line folding (a header line starting with a space or tab, RFC 9112 section 5.2) is refused with
 * 400: Netty joins such lines to the previous value, so the handler could not tell.
 *
 * <p>A chunked body whose next chunk <em>declares</em> a size that would take the body over
 * {@code maxBodyBytes} is refused as soon as the chunk-size line is read, before its data arrives, as a
 * {@link LastHttpContent} whose decoder result fails with {@link TooLongHttpContentException} (the handler
 * answers 413). A client that sends {@code 10001\r\n} and waits would otherwise wait forever: Netty reports
 * chunk data only as it arrives.
 *
 * <p>Both checks read only what {@link HttpObjectDecoder} shows to a subclass: the bytes each call of
 * {@code decode} consumed (still in the buffer, just below its reader index) and the messages it produced. One
 * call consumes either part of a head or part of one message's body, never both, and ends a message with its
 * {@link LastHttpContent}; so the consumed bytes can be followed as a stream: heads are scanned for folds, a
 * chunked body's size lines are read for their declared sizes. A head is scanned after Netty parsed it, and a
 * fold replaces what Netty produced from it with an invalid message.
 *
 * <p>One instance per channel, used on its event loop only: not thread-safe.
 */
final class NettyRequestDecoder extends HttpRequestDecoder {

    private final FoldFinder foldFinder = new FoldFinder();
    private final ChunkSizeReader chunkSizes;

    /** The next bytes Netty consumes belong to a head (a new message starts with one). */
    private boolean inHead = true;
    /** The message whose body Netty is reading, or {@code null}. */
    private HttpMessage bodyMessage;
    /** Whether {@link #chunked} was decided for {@link #bodyMessage}. */
    private boolean chunkedKnown;
    /** {@link #bodyMessage} has a chunked body. */
    private boolean chunked;
    /** The current body was refused as too large: its remaining size lines are not read. */
    private boolean refused;
    /** Netty refused the input, or a fold was found: the connection is done, nothing more is checked. */
    private boolean stopped;
    /** A fold was found: everything after it is discarded, as Netty does after bad input. */
    private boolean broken;

    NettyRequestDecoder(HttpDecoderConfig config, int maxBodyBytes) {
        super(config);
        this.chunkSizes = new ChunkSizeReader(maxBodyBytes);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
        if (broken) {
            buffer.skipBytes(buffer.readableBytes());
            return;
        }
        int start = buffer.readerIndex();
        int first = out.size();
        super.decode(ctx, buffer, out);
        if (stopped) {
            return;
        }
        int produced = out.size();
        HttpMessage message = null;
        boolean ended = false;
        for (int i = first; i < produced; i++) {
            Object decoded = out.get(i);
            if (decoded instanceof HttpMessage decodedMessage) {
                message = decodedMessage;
            }
            if (decoded instanceof LastHttpContent last) {
                ended = true;
                // A refused chunk ends the body with a failed last content (the shared empty one never fails).
                if (last != LastHttpContent.EMPTY_LAST_CONTENT
                        && last.decoderResult().isFailure()) {
                    stopped = true;
                    return;
                }
            }
        }
        if (message != null && message.decoderResult().isFailure()) {
            // Netty refused the head and discards the rest until the connection closes: its answer stands.
            stopped = true;
            return;
        }
        int consumed = buffer.readerIndex() - start;
        if (consumed > 0) {
            if (inHead) {
                if (foldFinder.foundIn(buffer, start, consumed) && !refusedByNetty(out, first, produced)) {
                    refuseFoldedHead(buffer, out, first);
                    return;
                }
            } else if (readsChunkSizes()) {
                long declared = chunkSizes.read(buffer, start, consumed);
                if (declared > 0 && !refusedByNetty(out, first, produced)) {
                    refused = true;
                    LastHttpContent tooLarge = new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER);
                    tooLarge.setDecoderResult(
                            DecoderResult.failure(new TooLongHttpContentException("chunked body declares " + declared
                                    + " bytes, over the limit of " + chunkSizes.maxBodyBytes)));
                    out.add(tooLarge);
                }
            }
        }
        if (message != null) {
            inHead = false;
            bodyMessage = message;
            chunkedKnown = false;
            refused = false;
        }
        if (ended) {
            inHead = true;
            bodyMessage = null;
            foldFinder.reset();
        }
    }

    /**
     * Whether Netty refused the input in this call (it then discards the rest until the connection closes): its
     * answer stands. Only asked on the rare paths; a refused head is also seen on its message above.
     */
    private boolean refusedByNetty(List<Object> out, int first, int produced) {
        for (int i = first; i < produced; i++) {
            if (out.get(i) instanceof DecoderResultProvider result
                    && result.decoderResult().isFailure()) {
                stopped = true;
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the body being read is chunked and its size lines are still checked. Decided on its first bytes,
     * so a request without a body never pays for the header lookup.
     */
    private boolean readsChunkSizes() {
        if (bodyMessage == null || refused) {
            return false;
        }
        if (!chunkedKnown) {
            chunkedKnown = true;
            chunked = HttpUtil.isTransferEncodingChunked(bodyMessage);
            chunkSizes.reset();
        }
        return chunked;
    }

    /** Replaces what Netty produced from a folded head with one invalid message, and drops the rest. */
    private void refuseFoldedHead(ByteBuf buffer, List<Object> out, int first) {
        broken = true;
        stopped = true;
        while (out.size() > first) {
            ReferenceCountUtil.release(out.remove(out.size() - 1));
        }
        buffer.skipBytes(buffer.readableBytes());
        HttpMessage invalid = createInvalidMessage();
        invalid.setDecoderResult(
                DecoderResult.failure(new IllegalArgumentException("obsolete line folding in a header field")));
        out.add(invalid);
    }

    /**
     * Follows a head, as far as it has been consumed, line by line, and stops at its end (the empty line) or at
     * a line that starts with a space or tab after the request line: a fold. Empty lines before the request
     * line are skipped, as Netty skips them.
     */
    private static final class FoldFinder implements ByteProcessor {
        private boolean lineStart = true;
        private boolean seenLine;
        private boolean ended;
        private boolean folded;

        void reset() {
            lineStart = true;
            seenLine = false;
            ended = false;
            folded = false;
        }

        /** Whether the consumed bytes {@code [index, index + length)} of the current head fold a line. */
        boolean foundIn(ByteBuf buffer, int index, int length) {
            if (!ended) {
                buffer.forEachByte(index, length, this);
            }
            return folded;
        }

        @Override
        public boolean process(byte value) {
            if (lineStart) {
                if (value == '\r' || value == '\n') {
                    // Before the request line: blank lines Netty skips. After it: the end of the head.
                    ended = seenLine;
                    return !ended;
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

    /**
     * Follows a chunked body as Netty consumes it (size line, data, CRLF, again, until the zero-size chunk) and
     * adds up the sizes its lines declare. Netty checks the syntax; this only reads the numbers, and stops at
     * the last chunk (the trailer that follows is Netty's).
     */
    private static final class ChunkSizeReader {
        private enum Part {
            SIZE,
            EXTENSION,
            DATA,
            DELIMITER,
            TRAILER
        }

        final int maxBodyBytes;
        private Part part;
        private long size;
        private long remaining;
        private long declared;

        ChunkSizeReader(int maxBodyBytes) {
            this.maxBodyBytes = maxBodyBytes;
            reset();
        }

        void reset() {
            part = Part.SIZE;
            size = 0;
            remaining = 0;
            declared = 0;
        }

        /**
         * Reads the consumed bytes {@code [index, index + length)} of the body.
         *
         * @return the body size declared so far once a size line takes it over the limit, else 0
         */
        long read(ByteBuf buffer, int index, int length) {
            int i = index;
            int end = index + length;
            while (i < end) {
                switch (part) {
                    case DATA -> {
                        int skip = (int) Math.min(remaining, end - i);
                        i += skip;
                        remaining -= skip;
                        if (remaining == 0) {
                            part = Part.DELIMITER;
                            remaining = 2;
                        }
                        continue;
                    }
                    case DELIMITER -> {
                        int skip = (int) Math.min(remaining, end - i);
                        i += skip;
                        remaining -= skip;
                        if (remaining == 0) {
                            part = Part.SIZE;
                            size = 0;
                        }
                        continue;
                    }
                    case TRAILER -> {
                        return 0;
                    }
                    default -> {}
                }
                byte value = buffer.getByte(i++);
                if (value == '\n') {
                    if (size == 0) {
                        part = Part.TRAILER;
                        return 0;
                    }
                    declared += size;
                    if (declared > maxBodyBytes) {
                        return declared;
                    }
                    part = Part.DATA;
                    remaining = size;
                } else if (part == Part.SIZE) {
                    int digit = Character.digit(value, 16);
                    if (digit < 0) {
                        part = Part.EXTENSION;
                    } else {
                        // Saturates: any size past the limit is refused, however many digits it has.
                        size = Math.min(size * 16 + digit, (long) Integer.MAX_VALUE + 1);
                    }
                }
            }
            return 0;
        }
    }
}
