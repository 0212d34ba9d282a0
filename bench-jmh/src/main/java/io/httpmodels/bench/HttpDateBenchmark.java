package io.httpmodels.bench;

import io.httpmodels.server.http.HttpDate;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.TimeUnit;

/**
 * What does the {@code Date} header cost per response: the value {@link HttpDate} formats once a second, against
 * formatting it per request as a naive server would?
 *
 * <p>{@code baseline} reads the clock only, which both others also do: what {@code cached} adds to it is the cost
 * of the cache (a volatile read and a comparison). {@code formattedPerRequest} formats the same IMF-fixdate text
 * with the same {@link DateTimeFormatter} and encodes it, as {@link HttpDate} does once a second.
 *
 * <p>How to read it: the difference between the two, times the requests per second a model serves, is CPU the
 * cache saves; {@code -prof gc} shows the bytes per response the formatting would allocate.
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
public class HttpDateBenchmark {

    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

    @Benchmark
    public long baseline() {
        return System.currentTimeMillis() / 1000;
    }

    @Benchmark
    public byte[] cached() {
        return HttpDate.now().bytes();
    }

    @Benchmark
    public byte[] formattedPerRequest() {
        long epochSecond = System.currentTimeMillis() / 1000;
        String text = IMF_FIXDATE.format(Instant.ofEpochSecond(epochSecond));
        // RFC_1123_DATE_TIME omits the leading zero of single-digit days, which IMF-fixdate requires.
        if (text.charAt(6) == ' ') {
            text = text.substring(0, 5) + '0' + text.substring(5);
        }
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
