package io.httpmodels.harness.targets;

import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.server.tls.TlsProvider;

import java.util.ArrayList;
import java.util.List;

/**
 * How a model's JVM is started, whatever the scenario: which build of the harness runs {@code serve}, with which
 * JVM flags, and the {@code serve} settings every cell shares.
 *
 * @param build     the harness build that serves: this one for {@code compare}, each side's for {@code regress}
 * @param jvmFlags  flags of the model's JVM (heap, collector, a deliberate slowdown)
 * @param threads   {@code serve --server-threads}, 0 for the model's own default for the cores it is pinned to
 * @param transport {@code serve --server-transport}; {@code auto} (the default) is not passed, so a build without the
 *                  flag still starts
 * @param tlsProvider {@code serve --tls-provider} in a TLS scenario; the JDK's (the default) is not passed. Only
 *                  netty has another: any other model refuses {@link TlsProvider#OPENSSL} and does not start
 */
public record ModelJvm(
        HarnessJvm build, List<String> jvmFlags, int threads, String transport, TlsProvider tlsProvider) {

    /** The transport every model chooses by itself. */
    public static final String AUTO_TRANSPORT = "auto";

    public ModelJvm {
        jvmFlags = List.copyOf(jvmFlags);
        transport = transport == null ? AUTO_TRANSPORT : transport;
        tlsProvider = tlsProvider == null ? TlsProvider.JDK : tlsProvider;
        if (threads < 0) {
            throw new IllegalArgumentException("threads cannot be negative: " + threads);
        }
    }

    /** With the JDK's TLS provider. */
    public ModelJvm(HarnessJvm build, List<String> jvmFlags, int threads, String transport) {
        this(build, jvmFlags, threads, transport, TlsProvider.JDK);
    }

    /** The same with more JVM flags after these (a side's own, in {@code regress}). */
    public ModelJvm withMoreFlags(List<String> more) {
        List<String> all = new ArrayList<>(jvmFlags);
        all.addAll(more);
        return new ModelJvm(build, all, threads, transport, tlsProvider);
    }
}
