package io.httpmodels.bench;

import io.httpmodels.load.ResponseParser;
import io.httpmodels.server.Workload;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpResponseWriter;
import io.httpmodels.server.http.HttpResponseWriter.ConnectionHeader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/**
 * What does the load client's response parser cost per response, and does it really allocate nothing?
 *
 * <p>The input is what the blocking models send for {@code GET /plaintext} (rendered by their
 * {@link HttpResponseWriter}), once and 16 times back to back, in a direct buffer like the load client's read
 * buffer. One parser is fed the same bytes every operation, as it is fed one connection's reads.
 *
 * <p>How to read it: {@code pipelined16} parses 16 responses per operation; {@code -prof gc} should show
 * {@code gc.alloc.rate.norm} at 0 B/op for both, the parser's promise.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {
            ServerJvmFlags.NATIVE_ACCESS,
            ServerJvmFlags.MIN_HEAP,
            ServerJvmFlags.MAX_HEAP,
            ServerJvmFlags.GC,
            ServerJvmFlags.NO_LEAK_DETECTION
        })
public class ResponseParserBenchmark {

    private ResponseParser parser;
    private ByteBuffer oneResponse;
    private ByteBuffer pipelinedResponses;

    @Setup
    public void setUp() {
        parser = new ResponseParser(new long[ResponseParser.STATUS_CODES]);
        byte[] response = plaintextResponse();
        oneResponse = direct(response);
        pipelinedResponses = direct(TechEmpowerRequests.repeated(response, TechEmpowerRequests.PIPELINE_DEPTH));
    }

    @Benchmark
    public int oneResponse() {
        oneResponse.clear();
        return parser.feed(oneResponse);
    }

    @Benchmark
    public int pipelined16() {
        pipelinedResponses.clear();
        return parser.feed(pipelinedResponses);
    }

    /** The bytes a blocking model sends for {@code GET /plaintext}. */
    static byte[] plaintextResponse() {
        ByteArrayOutputStream socket = new ByteArrayOutputStream();
        HttpResponseWriter writer = new HttpResponseWriter(socket, Workload.serverHeader("bench"));
        try {
            writer.write(HttpResponse.ok(Workload.TEXT_PLAIN, Workload.plaintextBody()), false, ConnectionHeader.NONE);
            writer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot happen: a ByteArrayOutputStream does not fail", e);
        }
        return socket.toByteArray();
    }

    private static ByteBuffer direct(byte[] bytes) {
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
    }
}
