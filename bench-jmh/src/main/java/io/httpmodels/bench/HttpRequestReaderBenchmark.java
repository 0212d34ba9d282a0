package io.httpmodels.bench;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.http.HttpRequest;
import io.httpmodels.server.http.HttpRequestReader;
import io.httpmodels.server.http.HttpResponseWriter;
import io.httpmodels.server.http.RequestRejectedException;
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
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;

/**
 * What does the blocking models' request reader cost per request, alone and when 16 pipelined requests arrive
 * in one read?
 *
 * <p>The reader reads from a {@link RepeatingInputStream} that hands it one copy of the request (or of the 16)
 * per read, as a keep-alive connection would, so one reader serves every operation and what is measured is its
 * steady state: one buffer refill (a copy of ~170 bytes, where a socket would make a system call) and the parse
 * into an {@link HttpRequest}. Nothing is written: the reader's writer has nothing to flush.
 *
 * <p>How to read it: {@code pipelined16} is 16 requests per operation; divide by 16 and compare with
 * {@code oneRequest} to see what batching saves. {@code -prof gc} shows the bytes allocated per operation: the
 * request's Strings, header list and record.
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
public class HttpRequestReaderBenchmark {

    private HttpRequestReader oneReader;
    private HttpRequestReader pipelinedReader;

    @Setup
    public void setUp() {
        byte[] request = TechEmpowerRequests.get("/plaintext");
        oneReader = reader(request);
        pipelinedReader = reader(TechEmpowerRequests.repeated(request, TechEmpowerRequests.PIPELINE_DEPTH));
    }

    private static HttpRequestReader reader(byte[] input) {
        ServerConfig config = ServerConfig.defaults();
        HttpResponseWriter unused = new HttpResponseWriter(OutputStream.nullOutputStream(), "httpmodels-bench");
        return new HttpRequestReader(
                new RepeatingInputStream(input),
                unused,
                config.limits().maxHeaderBytes(),
                config.limits().maxBodyBytes());
    }

    @Benchmark
    public HttpRequest oneRequest() throws IOException, RequestRejectedException {
        return oneReader.read();
    }

    @Benchmark
    public void pipelined16(Blackhole blackhole) throws IOException, RequestRejectedException {
        for (int i = 0; i < TechEmpowerRequests.PIPELINE_DEPTH; i++) {
            blackhole.consume(pipelinedReader.read());
        }
    }
}
