package io.httpmodels.bench;

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

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * What does the blocking models' response writer cost to render and send one {@code /plaintext} or {@code /json}
 * response?
 *
 * <p>The responses are built once in setup (the JSON body serialised once), so only the writer is measured:
 * status line, {@code Server}, {@code Date} (the cached value), {@code Content-Type} and {@code Content-Length}
 * rendered into its buffer with the body, then one flush into a {@link CountingOutputStream} standing in for
 * the socket. Serialising the JSON body per request, as the workload does, is in {@code ServerCodecBenchmark}.
 *
 * <p>How to read it: the two differ only in body size and content type, so they should be close; {@code -prof gc}
 * should show next to nothing allocated, since headers are copied from pre-encoded bytes.
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
public class HttpResponseWriterBenchmark {

    private CountingOutputStream socket;
    private HttpResponseWriter writer;
    private HttpResponse plaintext;
    private HttpResponse json;

    @Setup
    public void setUp() {
        socket = new CountingOutputStream();
        writer = new HttpResponseWriter(socket, Workload.serverHeader("bench"));
        plaintext = HttpResponse.ok(Workload.TEXT_PLAIN, Workload.plaintextBody());
        json = HttpResponse.ok(Workload.APPLICATION_JSON, Workload.jsonBody());
    }

    @Benchmark
    public long plaintext() throws IOException {
        return send(plaintext);
    }

    @Benchmark
    public long json() throws IOException {
        return send(json);
    }

    private long send(HttpResponse response) throws IOException {
        writer.write(response, false, ConnectionHeader.NONE);
        writer.flush();
        return socket.bytes();
    }
}
