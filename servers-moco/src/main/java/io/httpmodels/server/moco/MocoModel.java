package io.httpmodels.server.moco;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;

/**
 * The {@code moco} model: moco 1.5.0's HTTP stub server, configured through its Java API as its users write it
 * ({@code Moco.httpServer}, one {@code request(matcher).response(handlers)} setting per kind of answer, run by
 * {@code Runner.runner(server)}), the server under FunTester's in the articles ("Three HTTP servers in Java and Go").
 * Moco serves on Netty: its codec, its aggregator and its handler are moco's, not the shared codec's, so what it
 * answers otherwise is the finding.
 *
 * <p>Threading, as moco sizes it (its runner takes no thread count): one Netty {@code NioEventLoopGroup} of
 * Netty's default size, 2 x cores event loops (4 here), is both the boss group that accepts and the worker group
 * that serves; its threads come from moco's own cached thread pool ({@code MocoExecutors}, threads named
 * {@code pool-N-thread-M}). A request is decoded, matched and answered on its connection's event loop. Every request
 * passes moco's monitor, which even quiet holds one lock for the whole server ({@code ThreadSafeMonitor}) twice per
 * request. {@code workMillis} runs where moco's own {@code latency(...)} sleeps, in a moco procedure on the event
 * loop: with work, at most 2 x cores requests are in their work at once, and every other connection of a sleeping
 * loop waits.
 *
 * <p>The routes: {@code /plaintext} and {@code /json} as every model serves them, decided by the shared
 * {@code Answer} in {@code conditional(...)} matchers. {@code /echo} renders what moco's request model keeps, not the
 * bytes sent: the path as moco decodes it with its query re-encoded, the header fields grouped by name in no fixed
 * order (moco keeps them in a hash map), and a chunked body's fields as Netty's aggregator rewrote them.
 *
 * <p>The database routes, with {@link ServerConfig#database()}: moco's API has no place for an answer given later
 * or elsewhere, so they are answered as moco answers everything, on the event loop: the query blocks it through
 * {@code JdbcWorldStore}'s HikariCP pool of one connection per event loop (2 x cores; {@code --db-pool} sets it),
 * rendered by the shared {@code DatabaseRoutes}. A body function can be dynamic, a status cannot (one per setting),
 * so the first database setting's matcher queries and keeps the answer for the settings of its status.
 *
 * <p>What moco's API does not reach, and so this model does not keep: moco binds the port on every interface (its
 * runner takes only a port); it has no idle timeout and no head or body deadline (a silent or trickling client holds
 * its connection for good); its limits are its own, fixed ({@code HttpServerCodec}: request line 4,096 bytes, header
 * fields 8,192; {@code HttpObjectAggregator}: body 1 MiB), whatever {@link ServerConfig.Limits} says; nothing bounds
 * a connection's unsent answers; {@link ServerConfig.Threads} and the transport are not its to set. TLS, when
 * {@link ServerConfig#tls()} is present, is moco's {@code httpsServer} with an {@code HttpsCertificate} over the
 * project's key store, the JDK's engine with its default protocols (TLS 1.3 and 1.2 on JDK 21+) and Netty's
 * {@code SslHandler} default handshake timeout of 10 s.
 *
 * <p>Where it breaks: blocking work stalls the event loop it runs on, and so does every query: while one runs, every
 * other connection of its loop waits, so at most 2 x cores queries are in flight and a slow database stalls the
 * whole server, plaintext included; a client that never reads grows the server's
 * memory with every answer it pipelines for; a request moco cannot turn into its model (a method or version its enums
 * lack: {@code FOO}, {@code HTTP/2.0}) is dropped with a stack trace on stderr and no answer, and method names are
 * upper-cased ({@code get} is served as {@code GET}).
 */
public final class MocoModel implements HttpServerModel {

    static final String NAME = "moco";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "moco 1.5.0 HttpServer (Moco.httpServer, Runner): one Netty event-loop group, 2 x cores, as boss and"
                + " workers; work sleeps on the event loop (as moco's latency); no timeouts, fixed limits";
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        return MocoServer.start(NAME, config);
    }
}
