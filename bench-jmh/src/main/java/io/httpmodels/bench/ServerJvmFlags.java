package io.httpmodels.bench;

/**
 * The JVM flags the benchmark scripts start a model with ({@code scripts/bench/netty-vs-nginx.sh}), for every
 * benchmark's {@code @Fork(jvmArgsAppend = ...)}: the code measured here then runs with the same heap, collector
 * and Netty settings as in the servers measured by the load client. Constants, because annotations need them.
 */
public final class ServerJvmFlags {

    /** Netty's native transports load JNI libraries; say so, so JDK 22+ does not warn. */
    public static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

    public static final String MIN_HEAP = "-Xms256m";
    public static final String MAX_HEAP = "-Xmx256m";
    public static final String GC = "-XX:+UseParallelGC";
    public static final String NO_LEAK_DETECTION = "-Dio.netty.leakDetection.level=disabled";

    private ServerJvmFlags() {}
}
