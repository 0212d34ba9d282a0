package io.httpmodels.harness;

import io.httpmodels.harness.cli.Counts;
import io.httpmodels.harness.cli.DatabaseOptions;
import io.httpmodels.harness.cli.ServerThreadsOption;
import io.httpmodels.harness.cli.ServerTransportOption;
import io.httpmodels.harness.cli.WholeMillis;
import io.httpmodels.harness.control.ControlLoop;
import io.httpmodels.harness.control.ControlProtocol;
import io.httpmodels.harness.targets.ModelCatalog;
import io.httpmodels.load.cli.DurationConverter;
import io.httpmodels.load.cli.OldSpellings;
import io.httpmodels.server.HttpProtocol;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.tls.ServerTls;
import io.httpmodels.server.tls.TlsProvider;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;

/**
 * {@code httpmodels serve MODEL}: starts one model in the foreground, prints the address it listens on, and
 * stops it cleanly on Ctrl-C (SIGINT) or SIGTERM. {@code --list} lists the models instead. {@code --tls} serves
 * HTTPS with a self-signed certificate or the PEM files {@code --cert} and {@code --key} give; {@code --h2c} (plaintext)
 * and {@code --h2} (with {@code --tls}) serve HTTP/2 beside HTTP/1.1 on models that speak it.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        defaultValueProvider = ServeCommand.DeadlineDefaults.class,
        description = {
            "Start a server model in the foreground; Ctrl-C stops it.",
            "Prints '<model> listening on http://HOST:PORT (<what runs>)' once it accepts connections.",
            "With --tls it serves HTTPS on that one port (https://HOST:PORT), with a fresh self-signed certificate "
                    + "or the one --cert and --key give. Clients of a self-signed certificate must skip its check: "
                    + "'scripts/load.sh https://127.0.0.1:PORT/plaintext -k' (--insecure), 'curl -k', or trust "
                    + "the --cert file (curl --cacert FILE).",
            "With --h2c it also serves HTTP/2 with prior knowledge on that plaintext port (h2load URL, curl "
                    + "--http2-prior-knowledge); with --tls --h2 it offers HTTP/2 by ALPN (h2, then http/1.1). "
                    + "HTTP/1.1 stays served beside it. Models that speak HTTP/1.1 only refuse both: --list says "
                    + "which speak what."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:stopped cleanly, or --list",
            "1:could not start (address in use, a database --db-url cannot reach...)",
            "2:usage error: unknown model, bad flag, --cert/--key/--tls-provider without --tls, a PEM file that "
                    + "cannot be read, --h2c or --h2 to a model that speaks HTTP/1.1 only"
        })
final class ServeCommand implements Callable<Integer> {

    /** The one source of every default below, so the CLI never repeats ServerConfig's values. */
    private static final ServerConfig DEFAULTS = ServerConfig.defaults();

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "MODEL",
            description = "The model to start, by name; --list shows them.")
    String modelName;

    @Option(names = "--list", description = "List the models on the class path with their descriptions.")
    boolean list;

    @Option(
            names = "--bind",
            paramLabel = "ADDRESS",
            description = "Address to listen on (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
    String bind = DEFAULTS.address().bindAddress().getHostAddress();

    @Option(
            names = {"-p", "--port"},
            paramLabel = "N",
            defaultValue = "8080",
            description = "Port to listen on, 0 for any free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Mixin
    ServerThreadsOption threads;

    @Option(
            names = "--work",
            paramLabel = "TIME",
            converter = WholeMillis.class,
            description = "Simulated blocking work per request, e.g. 1ms (default: none).")
    int workMillis = DEFAULTS.workMillis();

    @Option(names = "--work-ms", hidden = true, paramLabel = "MS")
    void oldWorkMillis(int millis) {
        OldSpellings.warn(spec, "--work-ms", "--work (a duration: 1ms)");
        workMillis = millis;
    }

    int workThreads = DEFAULTS.threads().workPool();

    @Option(
            names = "--work-threads",
            paramLabel = "N",
            description = "Threads of the executor that runs that work in models that must not block their "
                    + "I/O threads (netty); 0 = 4 x cores.")
    void workThreads(int n) {
        workThreads = Counts.threads(spec, "--work-threads", n, 0);
    }

    @Mixin
    ServerTransportOption transport;

    @Option(
            names = "--idle-timeout",
            paramLabel = "TIME",
            converter = DurationConverter.class,
            description = "Close connections silent this long (default: ${DEFAULT-VALUE}).")
    Duration idleTimeout;

    @Option(names = "--idle-timeout-ms", hidden = true, paramLabel = "MS")
    void oldIdleTimeoutMillis(long millis) {
        OldSpellings.warn(spec, "--idle-timeout-ms", "--idle-timeout (a duration: 30s)");
        oldIdleTimeout = Duration.ofMillis(millis);
    }

    private Duration oldIdleTimeout;

    @Option(
            names = "--header-timeout",
            paramLabel = "TIME",
            converter = DurationConverter.class,
            description = "A request head (request line and headers) must arrive within this long of its first "
                    + "byte, else 408 and close: cuts clients that trickle headers (e.g. 500ms, 10s; "
                    + "default: ${DEFAULT-VALUE}).")
    Duration headerTimeout;

    @Option(
            names = "--body-timeout",
            paramLabel = "TIME",
            converter = DurationConverter.class,
            description = "A request body must arrive within this long of the end of its head, else 408 and "
                    + "close (default: ${DEFAULT-VALUE}).")
    Duration bodyTimeout;

    @Option(
            names = "--max-header-bytes",
            paramLabel = "N",
            description = "Largest request line plus headers (default: ${DEFAULT-VALUE}).")
    int maxHeaderBytes = DEFAULTS.limits().maxHeaderBytes();

    @Option(
            names = "--max-body-bytes",
            paramLabel = "N",
            description = "Largest request body (default: ${DEFAULT-VALUE}).")
    int maxBodyBytes = DEFAULTS.limits().maxBodyBytes();

    @Option(
            names = "--tls",
            negatable = true,
            description = "Serve HTTPS (TLS 1.3 and 1.2) instead of plain HTTP: with a fresh self-signed certificate "
                    + "for localhost and 127.0.0.1 (made by the JDK's keytool), or --cert and --key.")
    boolean tls;

    @Option(
            names = "--h2c",
            negatable = true,
            description = "Serve HTTP/2 with prior knowledge (h2c) beside HTTP/1.1 on the plaintext port: a "
                    + "connection that opens with HTTP/2's preface speaks HTTP/2 (netty).")
    boolean h2c;

    @Option(
            names = "--h2",
            negatable = true,
            description = "With --tls: offer HTTP/2 (h2) by ALPN before http/1.1; clients that offer no h2 get "
                    + "HTTP/1.1 (netty).")
    boolean h2;

    @Option(
            names = "--cert",
            paramLabel = "FILE.pem",
            description = "With --tls: the certificate chain, PEM, the server's certificate first (with --key).")
    Path certificate;

    @Option(
            names = "--key",
            paramLabel = "FILE.pem",
            description = "With --tls: its private key, PEM, unencrypted PKCS#8 'PRIVATE KEY' (with --cert).")
    Path privateKey;

    @Option(
            names = "--tls-provider",
            paramLabel = "jdk|openssl",
            description = "With --tls: who encrypts: the JDK's JSSE (default), or OpenSSL (BoringSSL, netty only; "
                    + "other models refuse to start).")
    String tlsProvider;

    @Mixin
    DatabaseOptions database;

    @Option(
            names = "--exit-with-parent",
            paramLabel = "PID",
            hidden = true,
            description = "Exit when process PID ends: a server started by the harness never outlives it.")
    Long parentPid;

    /**
     * The control channel ({@link ControlProtocol}), on for the JVMs the harness starts. Taken from the environment
     * rather than a flag, so that a harness can ask any build: one without the channel ignores the variable and
     * still starts. Off by default, so an interactive {@code serve} in the background never reads the terminal.
     */
    @Option(
            names = "--control",
            paramLabel = "stdin|none",
            hidden = true,
            defaultValue = "${env:" + ControlProtocol.ENVIRONMENT + ":-none}",
            description = "Answer the harness's requests (stats, profiler) read from standard input.")
    String control;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        if (list) {
            for (Map.Entry<String, HttpServerModel> entry : ModelCatalog.all().entrySet()) {
                out.printf(
                        "%-24s %s (%s)%n", entry.getKey(), entry.getValue().description(), protocols(entry.getValue()));
            }
            out.flush();
            return 0;
        }
        if (!ControlProtocol.STDIN.equals(control) && !"none".equals(control)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--control wants stdin or none, got '" + control + "'");
        }
        if (modelName == null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "a MODEL is required; known models: "
                            + String.join(", ", ModelCatalog.all().keySet()));
        }
        HttpServerModel model;
        ServerConfig config;
        try {
            // The class path first: a JVM the harness starts has its model there (a framework's with its folder),
            // and reads no model folder; by hand, `serve jetty` finds a framework's model in its folder.
            model = ServerModels.all().containsKey(modelName)
                    ? ServerModels.byName(modelName)
                    : ModelCatalog.byName(modelName);
        } catch (IllegalArgumentException e) { // UnknownModelException included
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        try {
            config = config();
        } catch (IllegalArgumentException e) { // a value out of range: said in one line
            throw Counts.outOfRange(spec, e);
        }
        if (!model.speaks(config)) {
            // Said before starting, in the words the model's own refusal uses, as a usage error: the flags ask for
            // what this model does not do.
            try {
                config.requireSpokenBy(model);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        RunningServer server;
        try {
            server = model.start(config);
        } catch (IOException | RuntimeException e) {
            // Whatever a model throws while starting (Netty refusing a size, a port in use) ends this JVM with 1:
            // main exits, so threads the model started before it failed cannot keep it alive.
            spec.commandLine()
                    .getErr()
                    .println("error: cannot start " + modelName + " on " + bind + ":" + port + ": " + e.getMessage());
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        ServedModel served = new ServedModel(model, config, server);
        Thread hook = new Thread(
                () -> {
                    served.close();
                    stopped.countDown();
                },
                "serve-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        if (parentPid != null) {
            exitWithParent(parentPid);
        }
        out.printf(
                "%s listening on %s://%s:%d (%s)%n",
                model.name(), config.scheme(), hostForUrl(server), server.port(), server.description());
        out.flush();
        if (ControlProtocol.STDIN.equals(control)) {
            ControlLoop.start(System.in, out, model.name(), served::restartWithWork);
        }
        stopped.await(); // until Ctrl-C or SIGTERM runs the hook
        return 0;
    }

    /**
     * The model this command serves, which the control channel may restart with another work per request: closed,
     * then started again on the port it listened on, with every other setting the flags gave.
     */
    private static final class ServedModel {

        private final HttpServerModel model;
        private ServerConfig config;
        private RunningServer server;

        ServedModel(HttpServerModel model, ServerConfig config, RunningServer server) {
            this.model = model;
            this.config = config.withPort(server.port());
            this.server = server;
        }

        synchronized String restartWithWork(int workMillis) throws IOException {
            close(); // a server that failed to start again is none: the next restart only starts one
            // A full collection between servers, so the next one starts from a collected heap, not the last load's
            // garbage (the collector may also give back what it grew, down to -Xms).
            System.gc();
            config = config.withWorkMillis(workMillis);
            server = model.start(config);
            return server.description();
        }

        synchronized void close() {
            if (server != null) {
                server.close();
                server = null;
            }
        }
    }

    /** What {@code --list} says a model speaks: {@code HTTP/1.1 only}, or each protocol by its id. */
    static String protocols(HttpServerModel model) {
        Set<HttpProtocol> spoken = model.protocols();
        if (spoken.equals(Set.of(HttpProtocol.HTTP_1_1))) {
            return "HTTP/1.1 only";
        }
        return Arrays.stream(HttpProtocol.values())
                .filter(spoken::contains)
                .map(HttpProtocol::id)
                .collect(Collectors.joining(", "));
    }

    /**
     * The config the parsed flags describe; package-private for tests.
     *
     * @throws IllegalArgumentException for a bad address, TLS flags without {@code --tls}, a PEM file that cannot be
     *                                  read (naming it), {@code --h2c} with {@code --tls} or {@code --h2} without
     */
    ServerConfig config() {
        if (h2c && tls) {
            throw new IllegalArgumentException("--h2c is HTTP/2 in cleartext: with --tls, --h2 offers it by ALPN");
        }
        if (h2 && !tls) {
            throw new IllegalArgumentException("--h2 needs --tls (in cleartext: --h2c)");
        }
        ServerConfig plain = plainConfig().toBuilder()
                .database(database.settings())
                .http2(h2c || h2)
                .build();
        Optional<ServerTls> serverTls = serverTls();
        return serverTls.map(plain::withTls).orElse(plain);
    }

    /**
     * What {@code --tls}, {@code --cert}, {@code --key} and {@code --tls-provider} ask for: empty without
     * {@code --tls}.
     */
    private Optional<ServerTls> serverTls() {
        if (!tls) {
            if (certificate != null || privateKey != null || tlsProvider != null) {
                throw new IllegalArgumentException("--cert, --key and --tls-provider need --tls");
            }
            return Optional.empty();
        }
        if ((certificate == null) != (privateKey == null)) {
            throw new IllegalArgumentException(
                    "--cert and --key go together: give both, or neither for a self-signed certificate");
        }
        TlsProvider provider = tlsProvider == null ? TlsProvider.JDK : TlsProvider.byId(tlsProvider);
        try {
            ServerTls keys = certificate == null ? ServerTls.selfSigned() : ServerTls.fromPem(certificate, privateKey);
            return Optional.of(keys.withProvider(provider));
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    certificate == null
                            ? "--tls: cannot make a self-signed certificate: " + e.getMessage()
                            : "--tls: cannot read " + e.getMessage() + " ("
                                    + e.getClass().getSimpleName() + ")");
        }
    }

    private ServerConfig plainConfig() {
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind: unknown address '" + bind + "'");
        }
        return ServerConfig.defaults()
                .withBindAddress(address)
                .withPort(port)
                .withWorkerThreads(threads.threads())
                .withWorkMillis(workMillis)
                .withWorkPoolThreads(workThreads)
                .withIdleTimeout(idleTimeout())
                .withHeaderTimeout(headerTimeout)
                .withBodyTimeout(bodyTimeout)
                .withMaxHeaderBytes(maxHeaderBytes)
                .withMaxBodyBytes(maxBodyBytes)
                .withTransport(transport.transport());
    }

    /** {@code --idle-timeout}, or what its old spelling gave when only that was given. */
    private Duration idleTimeout() {
        if (oldIdleTimeout != null && !OldSpellings.given(spec, "--idle-timeout")) {
            return oldIdleTimeout;
        }
        return idleTimeout != null ? idleTimeout : DEFAULTS.timeouts().idle();
    }

    /**
     * The deadline flags' defaults, read from {@link ServerConfig#defaults()} and written as the flags take them
     * ({@code 10s}, {@code 500ms}), so the CLI never repeats ServerConfig's values nor shows {@code PT10S}.
     */
    static final class DeadlineDefaults implements CommandLine.IDefaultValueProvider {
        @Override
        public String defaultValue(CommandLine.Model.ArgSpec argument) {
            if (!(argument instanceof CommandLine.Model.OptionSpec option)) {
                return null;
            }
            return switch (option.longestName()) {
                case "--header-timeout" -> asFlag(DEFAULTS.timeouts().header());
                case "--body-timeout" -> asFlag(DEFAULTS.timeouts().body());
                case "--idle-timeout" -> asFlag(DEFAULTS.timeouts().idle());
                default -> null;
            };
        }

        static String asFlag(Duration duration) {
            long millis = duration.toMillis();
            return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
        }
    }

    /** Exits (running the shutdown hook) once the given process has ended, or at once if it is gone. */
    private static void exitWithParent(long pid) {
        ProcessHandle.of(pid)
                .map(ProcessHandle::onExit)
                .orElse(java.util.concurrent.CompletableFuture.completedFuture(null))
                .thenRun(() -> System.exit(3));
    }

    private static String hostForUrl(RunningServer server) {
        String host = server.address().getAddress().getHostAddress();
        return host.contains(":") ? "[" + host + "]" : host;
    }
}
