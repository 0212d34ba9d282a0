package io.httpmodels.server.netty;

import io.httpmodels.server.http.ChunkExtensionSyntax;
import io.httpmodels.server.http.HostField;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.DecoderResultProvider;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectDecoder;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpContentException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ByteProcessor;
import io.netty.util.ReferenceCountUtil;

import java.util.Iterator;
import java.util.List;

/**
 * Netty's request decoder, plus the checks it lacks, so that the netty model refuses what the blocking codec
 * refuses, with the same rules from {@code server-api} where a rule can be shared.
 *
 * <p>The request line is held to RFC 9112 §3 by {@link RequestLineChecker} (single spaces, a visible-ASCII
 * target, an upper-case {@code HTTP/d.d}), and {@code Host} to §3.2 by {@link HostField} (one line, a host and
 * an optional port). Obsolete line folding (a header line starting with a space or tab, §5.2) is refused: Netty
 * joins such lines to the previous value, so the handler could not tell. Each of these replaces what Netty
 * produced from the head with an invalid message, which the handler answers with 400.
 *
 * <p>A chunked body's size lines are held to {@link ChunkExtensionSyntax} (400), and a chunk that
 * <em>declares</em> a size that would take the body over {@code maxBodyBytes} is refused as soon as its size
 * line is read, before its data arrives, as a {@link LastHttpContent} whose decoder result fails with
 * {@link TooLongHttpContentException} (the handler answers 413). A client that sends {@code 10001\r\n} and waits
 * would otherwise wait forever: Netty reports chunk data only as it arrives.
 *
 * <p>Every check reads only what {@link HttpObjectDecoder} shows to a subclass through public API: the bytes
 * each call of {@code decode} consumed (still in the buffer, just below its reader index) and the messages it
 * produced. One call consumes either part of a head or part of one message's body, never both, and ends a
 * message with its {@link LastHttpContent}; so the consumed bytes can be followed as a stream: heads are
 * scanned for their request line and folds, a chunked body's size lines are read for their syntax and declared
 * sizes.
 *
 * <p>One instance per channel, used on its event loop only: not thread-safe.
 */
final class NettyRequestDecoder extends HttpRequestDecoder {

    private final RequestLineChecker requestLine = new RequestLineChecker();
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
    /** A head or chunk line was refused: everything after it is discarded, as Netty does after bad input. */
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
            // Netty refused the head and discards the rest until the connection closes: its answer stands, unless
            // the request line itself is malformed, which the blocking codec refuses first (400, before a version
            // it would answer 505; found by CodecDifferentialFuzzTest).
            stopped = true;
            Throwable cause = message.decoderResult().cause();
            int consumed = buffer.readerIndex() - start;
            if (inHead
                    && consumed > 0
                    && !(cause instanceof TooLongHttpLineException)
                    && !(cause instanceof TooLongHttpHeaderException)) {
                String problem = requestLine.problemIn(buffer, start, consumed);
                if (problem != null) {
                    refuseHead(buffer, out, first, problem);
                }
            }
            return;
        }
        int consumed = buffer.readerIndex() - start;
        if (consumed > 0) {
            if (inHead) {
                String problem = requestLine.problemIn(buffer, start, consumed);
                if (problem == null && foldFinder.foundIn(buffer, start, consumed)) {
                    problem = "obsolete line folding in a header field";
                }
                if (problem == null && message != null) {
                    problem = hostProblem(message);
                }
                if (problem != null && !refusedByNetty(out, first, produced)) {
                    refuseHead(buffer, out, first, problem);
                    return;
                }
            } else if (readsChunkSizes()) {
                ChunkSizeReader.Verdict verdict = chunkSizes.read(buffer, start, consumed);
                if (verdict != ChunkSizeReader.Verdict.FINE && !refusedByNetty(out, first, produced)) {
                    refuseBody(buffer, out, first, verdict);
                    if (verdict == ChunkSizeReader.Verdict.MALFORMED) {
                        return;
                    }
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
            requestLine.reset();
            foldFinder.reset();
        }
    }

    /** RFC 9112 §3.2's rule for {@code Host}, as the blocking codec applies it ({@link HostField}). */
    private static String hostProblem(HttpMessage message) {
        int count = 0;
        CharSequence first = null;
        Iterator<? extends CharSequence> hosts = message.headers().valueCharSequenceIterator(HttpHeaderNames.HOST);
        while (hosts.hasNext() && count < 2) {
            CharSequence host = hosts.next();
            if (count++ == 0) {
                first = host;
            }
        }
        return HostField.problem(count, first, message.protocolVersion() == HttpVersion.HTTP_1_1);
    }

    /**
     * Ends the body being read with a failed {@link LastHttpContent}: {@link TooLongHttpContentException} for a
     * declared size over the limit (the handler answers 413), else a malformed chunk line (400). A malformed line
     * drops what Netty produced from it, which may be the body's real end (the request must not be served), and
     * everything after it, as after a refused head.
     */
    private void refuseBody(ByteBuf buffer, List<Object> out, int first, ChunkSizeReader.Verdict verdict) {
        refused = true;
        Exception cause;
        if (verdict == ChunkSizeReader.Verdict.TOO_LARGE) {
            cause = new TooLongHttpContentException("chunked body declares " + chunkSizes.declared()
                    + " bytes, over the limit of " + chunkSizes.maxBodyBytes);
        } else {
            stopped = true;
            broken = true;
            cause = new IllegalArgumentException("malformed chunk line");
            while (out.size() > first) {
                ReferenceCountUtil.release(out.remove(out.size() - 1));
            }
            buffer.skipBytes(buffer.readableBytes());
        }
        LastHttpContent failed = new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER);
        failed.setDecoderResult(DecoderResult.failure(cause));
        out.add(failed);
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

    /** Replaces what Netty produced from a refused head with one invalid message, and drops the rest. */
    private void refuseHead(ByteBuf buffer, List<Object> out, int first, String problem) {
        broken = true;
        stopped = true;
        while (out.size() > first) {
            ReferenceCountUtil.release(out.remove(out.size() - 1));
        }
        buffer.skipBytes(buffer.readableBytes());
        HttpMessage invalid = createInvalidMessage();
        // A refusal of the fields keeps the request line's version: an unsupported one is answered 505 first.
        HttpVersion version = requestLine.version();
        if (version != null) {
            invalid.setProtocolVersion(version);
        }
        invalid.setDecoderResult(DecoderResult.failure(new IllegalArgumentException(problem)));
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
     * Follows a chunked body as Netty consumes it (size line, data, CRLF, again, until the zero-size chunk), adds
     * up the sizes its lines declare, and holds each size line to the grammar the blocking codec uses: hex digits,
     * then {@link ChunkExtensionSyntax}, then CRLF. Netty reads the size itself and tolerates the rest ({@code 5;},
     * {@code 5 }, a control byte); the trailer after the last chunk is Netty's.
     */
    private static final class ChunkSizeReader {
        private enum Part {
            SIZE,
            EXTENSION,
            CR,
            DATA,
            DELIMITER,
            TRAILER
        }

        /** What the bytes read so far say. */
        enum Verdict {
            FINE,
            TOO_LARGE,
            MALFORMED
        }

        final int maxBodyBytes;
        private Part part;
        private long size;
        private int digits;
        private int extension;
        private long remaining;
        private long declared;

        ChunkSizeReader(int maxBodyBytes) {
            this.maxBodyBytes = maxBodyBytes;
            reset();
        }

        void reset() {
            startLine();
            remaining = 0;
            declared = 0;
        }

        private void startLine() {
            part = Part.SIZE;
            size = 0;
            digits = 0;
            extension = ChunkExtensionSyntax.START;
        }

        /** The body size declared so far. */
        long declared() {
            return declared;
        }

        /** Reads the consumed bytes {@code [index, index + length)} of the body. */
        Verdict read(ByteBuf buffer, int index, int length) {
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
                            startLine();
                        }
                        continue;
                    }
                    case TRAILER -> {
                        return Verdict.FINE;
                    }
                    default -> {}
                }
                byte value = buffer.getByte(i++);
                if (part == Part.CR) {
                    if (value != '\n' || digits == 0 || !ChunkExtensionSyntax.isComplete(extension)) {
                        return Verdict.MALFORMED;
                    }
                    if (size == 0) {
                        part = Part.TRAILER;
                        return Verdict.FINE;
                    }
                    declared += size;
                    if (declared > maxBodyBytes) {
                        return Verdict.TOO_LARGE;
                    }
                    part = Part.DATA;
                    remaining = size;
                } else if (value == '\r') {
                    part = Part.CR;
                } else if (part == Part.SIZE && Character.digit(value, 16) >= 0) {
                    digits++;
                    // Saturates: any size past the limit is refused, however many digits it has.
                    size = Math.min(size * 16 + Character.digit(value, 16), (long) Integer.MAX_VALUE + 1);
                } else {
                    part = Part.EXTENSION;
                    extension = ChunkExtensionSyntax.next(extension, value);
                    if (extension == ChunkExtensionSyntax.INVALID) {
                        return Verdict.MALFORMED;
                    }
                }
            }
            return Verdict.FINE;
        }
    }
}
