package io.httpmodels.server.netty;

import io.httpmodels.bench.CountingOutputStream;
import io.httpmodels.bench.RepeatingInputStream;
import io.httpmodels.bench.ServerJvmFlags;
import io.httpmodels.bench.TechEmpowerRequests;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.http.HttpRequest;
import io.httpmodels.server.http.HttpRequestReader;
import io.httpmodels.server.http.HttpResponseWriter;
import io.httpmodels.server.http.HttpResponseWriter.ConnectionHeader;
import io.httpmodels.server.http.RequestRejectedException;
import io.httpmodels.server.http.WorkloadHandler;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Our codec or Netty's: what does it cost to turn the same request bytes into the same response bytes?
 *
 * <p>{@code blocking*} runs what a blocking model does per request, minus the socket: {@link HttpRequestReader}
 * parses the request from a {@link RepeatingInputStream}, {@link WorkloadHandler} answers it (the JSON body
 * serialised per request), {@link HttpResponseWriter} renders it and flushes into a counting stream, once per
 * request, or once per 16 when they arrive pipelined, as the models flush. {@code netty*} runs the netty model's
 * own pipeline ({@link NettyServerInitializer}: idle handler, {@link NettyRequestDecoder},
 * {@code HttpResponseEncoder}, {@link NettyServerHandler}) in an {@link EmbeddedChannel}: the same bytes are
 * copied into a pooled direct buffer and written inbound, and the encoded responses are taken from the outbound
 * queue, counted and released. Both sides copy the request once and produce every response byte.
 *
 * <p>This class sits in the netty model's package because its pipeline is package-private: it benchmarks that
 * model's codec, it does not find or start a model (the round trip through every model is
 * {@code io.httpmodels.bench.ServerModelBenchmark}, which finds them by name).
 *
 * <p>Fairness: the JMH thread is not a Netty event-loop thread, and Netty 4.2 gives pooled thread caches only to
 * its own threads unless told otherwise; the fork sets {@code io.netty.allocator.useCacheForAllThreads=true} so
 * this thread allocates the way an event loop does. The embedded channel's own bookkeeping is on Netty's side.
 *
 * <p>How to read it: compare {@code blocking} with {@code netty} per route, and the pipelined pair divided by 16.
 * {@code -prof gc} shows each codec's bytes allocated per operation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// Five warm-up seconds: Netty's pipeline is a lot more code for the JIT to compile than the blocking codec, and
// on a busy two-core machine two seconds left it still half interpreted (10 to 20 times slower).
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {
            ServerJvmFlags.NATIVE_ACCESS,
            ServerJvmFlags.MIN_HEAP,
            ServerJvmFlags.MAX_HEAP,
            ServerJvmFlags.GC,
            ServerJvmFlags.NO_LEAK_DETECTION,
            "-Dio.netty.allocator.useCacheForAllThreads=true"
        })
public class ServerCodecBenchmark {

    /** The route requested: {@code /plaintext} or {@code /json}. */
    @Param({"/plaintext", "/json"})
    public String path;

    private final PooledByteBufAllocator allocator = PooledByteBufAllocator.DEFAULT;

    private byte[] request;
    private byte[] pipelinedRequests;

    private CountingOutputStream blockingSocket;
    private HttpRequestReader blockingReader;
    private HttpResponseWriter blockingWriter;
    private HttpRequestReader blockingPipelinedReader;
    private HttpResponseWriter blockingPipelinedWriter;

    private EmbeddedChannel nettyChannel;

    @Setup
    public void setUp() {
        ServerConfig config = ServerConfig.defaults();
        request = TechEmpowerRequests.get(path);
        pipelinedRequests = TechEmpowerRequests.repeated(request, TechEmpowerRequests.PIPELINE_DEPTH);

        blockingSocket = new CountingOutputStream();
        blockingWriter = new HttpResponseWriter(blockingSocket, Workload.serverHeader("bench"));
        blockingReader = new HttpRequestReader(
                new RepeatingInputStream(request),
                blockingWriter,
                config.limits().maxHeaderBytes(),
                config.limits().maxBodyBytes());
        blockingPipelinedWriter = new HttpResponseWriter(blockingSocket, Workload.serverHeader("bench"));
        blockingPipelinedReader = new HttpRequestReader(
                new RepeatingInputStream(pipelinedRequests),
                blockingPipelinedWriter,
                config.limits().maxHeaderBytes(),
                config.limits().maxBodyBytes());

        // No work executor: workMillis is 0, so the handler answers on the (embedded) event loop.
        nettyChannel = new EmbeddedChannel(new NettyServerInitializer(config, null, "netty"));
        nettyChannel.config().setAllocator(allocator);
    }

    @TearDown
    public void tearDown() {
        nettyChannel.finishAndReleaseAll();
    }

    @Benchmark
    public long blocking() throws IOException, RequestRejectedException {
        serveBlocking(blockingReader, blockingWriter);
        blockingWriter.flush();
        return blockingSocket.bytes();
    }

    @Benchmark
    public long blockingPipelined16() throws IOException, RequestRejectedException {
        for (int i = 0; i < TechEmpowerRequests.PIPELINE_DEPTH; i++) {
            serveBlocking(blockingPipelinedReader, blockingPipelinedWriter);
        }
        blockingPipelinedWriter.flush();
        return blockingSocket.bytes();
    }

    private static void serveBlocking(HttpRequestReader reader, HttpResponseWriter writer)
            throws IOException, RequestRejectedException {
        HttpRequest parsed = reader.read();
        writer.write(WorkloadHandler.handle(parsed), parsed.isHead(), ConnectionHeader.NONE);
    }

    @Benchmark
    public long netty() {
        return serveNetty(request);
    }

    @Benchmark
    public long nettyPipelined16() {
        return serveNetty(pipelinedRequests);
    }

    /** Writes {@code bytes} in as one read, then takes, counts and releases every encoded buffer. */
    private long serveNetty(byte[] bytes) {
        ByteBuf in = allocator.directBuffer(bytes.length).writeBytes(bytes);
        nettyChannel.writeInbound(in);
        long written = 0;
        ByteBuf out;
        while ((out = nettyChannel.readOutbound()) != null) {
            written += out.readableBytes();
            out.release();
        }
        return written;
    }
}
