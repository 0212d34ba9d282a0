package io.httpmodels.bench;

import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * How fast is one request/response round trip through each model, measured in-process?
 *
 * <p>Each trial starts one model (found by name through {@link ServerModels}, as the CLI finds it) on a loopback
 * port; each JMH thread owns one keep-alive connection ({@link ModelClientConnection}) and, per operation, writes
 * one TechEmpower-style {@code GET /plaintext} and reads its whole response. Thread counts come from the command
 * line ({@code -t 1}, {@code -t 4}, {@code -t 40}): one thread is one connection.
 *
 * <p>How to read it: {@code throughput} is requests per second over all threads, {@code latency} the distribution
 * of single round trips in microseconds. This is a closed loop (a thread sends its next request only after the
 * previous answer), client and server share the JVM, the heap and the cpus, nothing corrects for coordinated
 * omission, and the JIT is warm; the load client's figures (separate processes, pinned cores, open-loop mode)
 * are what a server would see from outside. What this adds is a figure no saturated external client can
 * distort, and per-model ratios measured within one run. Pin the whole run to one cpu ({@code scripts/jmh.sh}
 * does): unpinned on a small VM, one connection's round trip is ~6 us or ~70 us depending on whether the
 * scheduler put client and server on the same cpu or made each wake the other on an idle one.
 *
 * <p>A model that cannot serve the shape asked for (the single thread with more than one keep-alive connection,
 * a fixed pool with more connections than threads) leaves some connections unanswered: their round trip fails
 * with a {@link RoundTripTimeoutException} after {@link ModelClientConnection#TIMEOUT_MILLIS} ms, which ends
 * that benchmark, and JMH goes on with the next.
 *
 * <pre>
 * scripts/jmh.sh ServerModelBenchmark -p workMs=0                                     # every model, 1 thread
 * java -jar bench-jmh/target/benchmarks.jar ServerModelBenchmark -t 40 -p model=netty  # 40 connections, unpinned
 * </pre>
 */
@State(Scope.Benchmark)
@Threads(1)
// Five warm-up seconds: the netty model's first request takes about a second (class loading, its whole HTTP codec
// interpreted), and with three its first measured second was still a third to half of its second.
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 2, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {
            ServerJvmFlags.NATIVE_ACCESS,
            ServerJvmFlags.MIN_HEAP,
            ServerJvmFlags.MAX_HEAP,
            ServerJvmFlags.GC,
            ServerJvmFlags.NO_LEAK_DETECTION
        })
public class ServerModelBenchmark {

    /**
     * The model's name. JMH needs the values written here; a test checks they are exactly the models
     * {@link ServerModels} finds, so a new model cannot be left out.
     */
    @Param({"single-thread", "thread-per-connection", "fixed-pool", "virtual-threads", "netty", "netty-virtual"})
    public String model;

    /** Simulated blocking work per request, in milliseconds. */
    @Param({"0", "1"})
    public int workMs;

    private RunningServer server;

    @Setup(Level.Trial)
    public void startServer() throws IOException {
        server = ServerModels.byName(model).start(ServerConfig.defaults().withWorkMillis(workMs));
    }

    @TearDown(Level.Trial)
    public void stopServer() {
        server.close();
    }

    /** The running server's port, for the connections. */
    int port() {
        return server.port();
    }

    /** What is running, for error messages. */
    String description() {
        return server.description();
    }

    /** Requests per second over all threads. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public int throughput(ModelClientConnection connection) throws IOException {
        return connection.roundTrip();
    }

    /** The distribution of one round trip, in microseconds. */
    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public int latency(ModelClientConnection connection) throws IOException {
        return connection.roundTrip();
    }
}
