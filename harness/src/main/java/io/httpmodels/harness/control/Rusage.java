package io.httpmodels.harness.control;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code getrusage(RUSAGE_SELF)} of this JVM's process, for the two counters no file in /proc keeps for a whole
 * process: its voluntary and involuntary context switches, every thread's, those that ended included (the kernel
 * folds an ended thread's counts into its process; /proc/PID/status shows one thread's only).
 *
 * <p>Called through the Foreign Function and Memory API, which is final from Java 22; this project compiles for
 * Java 21, where that API is a preview, so the calls are made reflectively, through its public methods only. On
 * Java 21, or off 64-bit Linux, or when native access is not enabled for this code
 * ({@code --enable-native-access=ALL-UNNAMED}, which the harness passes to the JVMs it starts), {@link #read()}
 * says why it cannot.
 *
 * <p>Not thread-safe: one instance per reader thread (the control loop has one).
 */
final class Rusage {

    /** {@code struct rusage} on 64-bit Linux: two timevals, then 14 longs; ru_nvcsw and ru_nivcsw are the last. */
    private static final long SIZE = 144;

    private static final long NVCSW = 128;
    private static final long NIVCSW = 136;
    private static final int RUSAGE_SELF = 0;

    private final MethodHandle getrusage;
    private final Object buffer;
    private final Method getLong;
    private final Object javaLong;
    private final String unavailable;

    /** What one call read. */
    record Switches(long voluntary, long involuntary) {}

    Rusage() {
        MethodHandle handle = null;
        Object segment = null;
        Method get = null;
        Object longLayout = null;
        String why = null;
        try {
            why = unsupported();
            if (why == null) {
                Class<?> linkerClass = Class.forName("java.lang.foreign.Linker");
                Class<?> layoutClass = Class.forName("java.lang.foreign.MemoryLayout");
                Class<?> valueLayout = Class.forName("java.lang.foreign.ValueLayout");
                Class<?> descriptorClass = Class.forName("java.lang.foreign.FunctionDescriptor");
                Class<?> segmentClass = Class.forName("java.lang.foreign.MemorySegment");
                Class<?> optionClass = Class.forName("java.lang.foreign.Linker$Option");
                Class<?> arenaClass = Class.forName("java.lang.foreign.Arena");
                Object linker = linkerClass.getMethod("nativeLinker").invoke(null);
                Object lookup = linkerClass.getMethod("defaultLookup").invoke(linker);
                Optional<?> symbol = (Optional<?>) Class.forName("java.lang.foreign.SymbolLookup")
                        .getMethod("find", String.class)
                        .invoke(lookup, "getrusage");
                if (symbol.isEmpty()) {
                    why = "the C library has no getrusage";
                } else {
                    Object javaInt = valueLayout.getField("JAVA_INT").get(null);
                    Object address = valueLayout.getField("ADDRESS").get(null);
                    Object rest = Array.newInstance(layoutClass, 2);
                    Array.set(rest, 0, javaInt);
                    Array.set(rest, 1, address);
                    Object descriptor = descriptorClass
                            .getMethod("of", layoutClass, rest.getClass())
                            .invoke(null, javaInt, rest);
                    handle = (MethodHandle) linkerClass
                            .getMethod("downcallHandle", segmentClass, descriptorClass, optionClass.arrayType())
                            .invoke(linker, symbol.get(), descriptor, Array.newInstance(optionClass, 0));
                    Object arena = arenaClass.getMethod("global").invoke(null);
                    segment = arenaClass
                            .getMethod("allocate", long.class, long.class)
                            .invoke(arena, SIZE, 8L);
                    longLayout = valueLayout.getField("JAVA_LONG").get(null);
                    get = segmentClass.getMethod(
                            "get", Class.forName("java.lang.foreign.ValueLayout$OfLong"), long.class);
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            Throwable cause = e instanceof InvocationTargetException ite && ite.getCause() != null ? ite.getCause() : e;
            why = "getrusage could not be bound: " + cause;
            handle = null;
        }
        this.getrusage = handle;
        this.buffer = segment;
        this.getLong = get;
        this.javaLong = longLayout;
        this.unavailable = handle == null && why == null ? "getrusage could not be bound" : why;
    }

    /** The switches so far, or empty; {@link #unavailable()} then says why. */
    Optional<Switches> read() {
        if (getrusage == null) {
            return Optional.empty();
        }
        try {
            int rc = (int) getrusage.invokeWithArguments(RUSAGE_SELF, buffer);
            if (rc != 0) {
                return Optional.empty();
            }
            return Optional.of(new Switches(
                    (long) getLong.invoke(buffer, javaLong, NVCSW), (long) getLong.invoke(buffer, javaLong, NIVCSW)));
        } catch (Throwable e) { // invokeWithArguments throws Throwable
            return Optional.empty();
        }
    }

    /** Why {@link #read()} answers nothing, or null when it works. */
    String unavailable() {
        return unavailable;
    }

    private static String unsupported() {
        if (Runtime.version().feature() < 22) {
            return "getrusage needs Java 22 or later (the FFM API); this JVM is " + Runtime.version();
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"))) {
            return "getrusage's layout is known for 64-bit Linux only, not " + os + " " + arch;
        }
        Module self = Rusage.class.getModule();
        try {
            boolean enabled =
                    (boolean) Module.class.getMethod("isNativeAccessEnabled").invoke(self);
            if (!enabled) {
                return "native access is not enabled for the harness (--enable-native-access=ALL-UNNAMED)";
            }
        } catch (ReflectiveOperationException e) {
            return "cannot tell whether native access is enabled: " + e;
        }
        return null;
    }
}
