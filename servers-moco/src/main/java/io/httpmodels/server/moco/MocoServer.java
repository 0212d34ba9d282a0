package io.httpmodels.server.moco;

import com.github.dreamhead.moco.HttpServer;
import com.github.dreamhead.moco.HttpsCertificate;
import com.github.dreamhead.moco.Moco;
import com.github.dreamhead.moco.Runner;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.db.JdbcWorldStore;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.tls.ServerTls;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.GeneralSecurityException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Starts a moco {@link HttpServer} (an {@code HttpsServer} with TLS) on the workload's settings and runs it with
 * {@link Runner#runner(HttpServer)}; closing it stops the runner, which closes the listening channel and shuts the
 * event-loop group down (and waits for it), then closes the database's pool, if any. Moco's threads return to its cached pool, which ends an idle thread after 60 s.
 */
final class MocoServer implements RunningServer {

    /** Netty's default event-loop count, which moco's group takes: {@code io.netty.eventLoopThreads} or 2 x cores. */
    private static final String EVENT_LOOPS_PROPERTY = "io.netty.eventLoopThreads";

    private final Runner runner;
    private final WorldStore store;
    private final InetSocketAddress address;
    private final String description;
    private final AtomicBoolean closed = new AtomicBoolean();

    private MocoServer(Runner runner, WorldStore store, InetSocketAddress address, String description) {
        this.runner = runner;
        this.store = store;
        this.address = address;
        this.description = description;
    }

    static RunningServer start(String name, ServerConfig config) throws IOException {
        config.tls().ifPresent(tls -> tls.requireJdkProvider(name));
        // Moco's factories take no port for "any free one": port 0 is the form without a port.
        int port = config.address().port();
        HttpServer server = config.tls()
                .map(tls -> port == 0
                        ? (HttpServer) Moco.httpsServer(certificate(tls))
                        : Moco.httpsServer(port, certificate(tls)))
                .orElseGet(() -> port == 0 ? Moco.httpServer() : Moco.httpServer(port));
        int eventLoops = eventLoops();
        // One connection per event loop: a query blocks its loop, so no more than that many can be in flight.
        WorldStore store = JdbcWorldStore.openIfSet(config.database(), eventLoops, name);
        WorkloadSettings.addTo(server, name, config.workMillis(), store);
        Runner runner = Runner.runner(server);
        try {
            runner.start();
        } catch (RuntimeException e) {
            // Moco wraps a bind failure (Netty's BindException) in its own unchecked exceptions.
            stopQuietly(runner);
            if (store != null) {
                store.close();
            }
            throw new IOException("moco could not start on port " + port + ": " + e.getMessage(), e);
        }
        String description = name + ": moco " + eventLoops + " event loops (one Netty group, boss and workers),"
                + " on every interface, work sleeping on the event loop, no timeouts"
                + (store == null
                        ? ""
                        : ", queries on the event loop, a pool of "
                                + store.poolWaits().poolSize() + " database connections")
                + config.tls().map(tls -> ", TLS (" + tls.provider().id() + ")").orElse("");
        // Moco listens on every interface; the config's address is one of them, and the one clients were told.
        return new MocoServer(
                runner, store, new InetSocketAddress(config.address().bindAddress(), server.port()), description);
    }

    /**
     * Moco's certificate: a key store it reads as a resource, with its passwords. Moco loads it as a {@code JKS}
     * store, which since JDK 9 also reads PKCS#12 ({@code keystore.type.compat}), the form {@link ServerTls} keeps.
     */
    private static HttpsCertificate certificate(ServerTls tls) {
        ByteArrayOutputStream store = new ByteArrayOutputStream();
        try {
            tls.keyStore().store(store, tls.password());
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot write the key store for moco: " + e, e);
        }
        String password = new String(tls.password());
        return HttpsCertificate.certificate(Moco.binary(store.toByteArray()), password, password);
    }

    private static int eventLoops() {
        int cores = Runtime.getRuntime().availableProcessors();
        return Math.max(1, Integer.getInteger(EVENT_LOOPS_PROPERTY, 2 * cores));
    }

    @Override
    public InetSocketAddress address() {
        return address;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            stopQuietly(runner); // returns once moco's event loops have ended: no thread queries any more
            if (store != null) {
                store.close();
            }
        }
    }

    private static void stopQuietly(Runner runner) {
        try {
            runner.stop();
        } catch (RuntimeException e) {
            // close() never throws: moco's stop closes the channel and the group whatever else fails
        }
    }
}
