package io.httpmodels.load;

import io.httpmodels.load.cli.DurationConverter;
import io.httpmodels.load.cli.OldSpellings;
import io.httpmodels.load.cli.Terminal;
import org.HdrHistogram.Histogram;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * The command line: {@code load URL [options]}, flags as wrk and ab. The only class that reads arguments.
 * Exit status: 0 after a run that ended by itself, 1 when the run failed, stopped early (unreachable
 * target, a target gone mid-run, hard bound) or recorded no response, 2 for bad arguments. Whatever was
 * measured is written first, each file whole.
 */
@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        version = "httpmodels load-client 0.1",
        sortOptions = false,
        usageHelpAutoWidth = true,
        // Lines under 80 columns: picocli wraps longer ones mid-sentence on a narrow terminal.
        description = {
            "Raw-socket HTTP/1.1 load generator: NIO event loops, keep-alive or a",
            "connection per request, pipelining, constant-rate open loop, HdrHistogram",
            "latencies (microseconds).",
            "",
            "Latency: closed loop reports the raw time from the write of each request to",
            "the last byte of its own response (a wrk-style corrected figure is shown",
            "too, labelled 'corrected'). With -R the latency counts from when each",
            "request was meant to be sent, so a stalled server shows."
        },
        footer = {
            "",
            "Durations take a unit: 500ms, 10s, 2m, 1h (a bare number is seconds).",
            "Examples:",
            "  load http://127.0.0.1:8080/plaintext -c 40 -d 10s --warmup 3s",
            "  load http://127.0.0.1:8080/plaintext -c 256 --pipeline 16 -d 10s --json out.json",
            "  load http://127.0.0.1:8080/plaintext -c 40 -R 50000 -d 30s --hlog out.hlog",
            "  load http://127.0.0.1:8080/plaintext -c 10 -n 100000 --no-keep-alive",
            "  load http://127.0.0.1:8080/plaintext -c 4 --protocol h2c --streams 100 -d 10s",
            "  load https://127.0.0.1:8443/plaintext -c 40 -d 10s --insecure",
            "  load https://127.0.0.1:8443/plaintext -c 10 -d 10s --no-keep-alive --no-tls-resume \\",
            "       --tls-version 1.2 --truststore certs.p12",
            "  load https://127.0.0.1:8443/plaintext -c 40 -d 10s --no-keep-alive -k --client-tls-provider jdk",
            "  load http://127.0.0.1:8080/plaintext -c 40 --idle-connections 10000",
            "  load http://127.0.0.1:8080/plaintext -c 40 --slow-connections 200",
            "  load http://10.0.0.5:8080/plaintext -c 20 -R 30000 -d 30s --agents 3 --agent-index 0 \\",
            "       --start-at 2026-01-31T12:00:00Z --warmup 5s --hlog agent-0.hlog --json agent-0.json"
        })
public final class LoadMain implements Callable<Integer> {

    @Parameters(
            index = "0",
            paramLabel = "URL",
            description =
                    "Target, http://host[:port]/path[?query], or https:// (TLS through OpenSSL where it loads, the"
                            + " JDK's SSLEngine where it does not; see --client-tls-provider).")
    private String url;

    @Option(
            names = {"-c", "--connections"},
            paramLabel = "N",
            description = "Connections to keep open " + "(default: ${DEFAULT-VALUE}).")
    private int connections = LoadConfig.DEFAULT_CONNECTIONS;

    @Option(
            names = {"-t", "--threads"},
            paramLabel = "N",
            description = "Event-loop threads, each with its share "
                    + "of the connections (default: ${DEFAULT-VALUE}; one is right on a 2-core machine).")
    private int threads = LoadConfig.DEFAULT_THREADS;

    @Option(
            names = {"-d", "--duration"},
            paramLabel = "TIME",
            converter = DurationConverter.class,
            description = "Recorded duration (default: 10s unless -n is given).")
    private Duration duration;

    @Option(
            names = {"-n", "--requests"},
            paramLabel = "N",
            description = "Record exactly N responses, then stop " + "(instead of -d).")
    private long requests;

    @Option(
            names = "--warmup",
            paramLabel = "TIME",
            converter = DurationConverter.class,
            description = "Run this long first without recording (default: 0s).")
    private Duration warmup = Duration.ZERO;

    @Option(
            names = "--ramp-up",
            paramLabel = "TIME",
            converter = DurationConverter.class,
            description = "Open the connections evenly over this time from the start (default: all at once).")
    private Duration rampUp = Duration.ZERO;

    @Option(
            names = "--keep-alive",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "Keep connections alive (default); --no-keep-alive opens a new TCP connection per request (as"
                    + " ab without -k): connect, waiting and total times are reported apart.")
    private boolean keepAlive = true;

    @Option(
            names = "--pipeline",
            paramLabel = "N",
            description = "Pipelining: N requests written together "
                    + "per connection, the next N once all are answered (as wrk); with -R, up to N outstanding. "
                    + "Each request is timed to its own response (default: ${DEFAULT-VALUE}).")
    private int pipeline = 1;

    /** The old spelling of {@code --pipeline}: {@code -p} is the port everywhere else ({@code serve -p}). */
    @Option(names = "-p", hidden = true, paramLabel = "N")
    private void oldPipeline(int depth) {
        OldSpellings.warn(spec, "-p", "--pipeline");
        pipeline = depth;
    }

    @Option(
            names = "--protocol",
            paramLabel = "h1|h2c|h2",
            description = "HTTP version: h1 (HTTP/1.1, the default), h2c (HTTP/2 over cleartext with prior"
                    + " knowledge: the preface at once, no upgrade; http://) or h2 (HTTP/2 over TLS, chosen by ALPN;"
                    + " https://). Over HTTP/2, --pipeline and a request body are not yet supported.")
    private String protocol = HttpProtocol.H1.id();

    @Option(
            names = "--streams",
            paramLabel = "N",
            description = "HTTP/2: requests in flight per connection, each on its own stream, topped up as each"
                    + " ends (h2load's -m; never more than the server's MAX_CONCURRENT_STREAMS). Default: 1.")
    private int streams = 1;

    @Option(
            names = "--h2-window",
            paramLabel = "BYTES",
            description = "HTTP/2: the receive window per stream and per connection, refilled once half is used"
                    + " (default: 2^30 - 1, h2load's, so flow control never paces the load).")
    private int h2Window = LoadConfig.DEFAULT_H2_WINDOW;

    @Option(
            names = {"-R", "--rate"},
            paramLabel = "RPS",
            description =
                    "Constant throughput over all connections, "
                            + "open loop (as wrk2); latency counts from each request's intended send time. Default: closed loop.")
    private double rate;

    @Option(
            names = {"-m", "--method"},
            paramLabel = "METHOD",
            description = "Request method (default: GET).")
    private String method = "GET";

    @Option(
            names = {"-H", "--header"},
            paramLabel = "'Name: value'",
            description = "Extra request header; " + "repeatable. A Host header is sent unless given here.")
    private List<String> headers = new ArrayList<>();

    @Option(names = "--body", paramLabel = "TEXT", description = "Request body (UTF-8); adds Content-Length.")
    private String body;

    @Option(names = "--body-file", paramLabel = "FILE", description = "Request body read from a file.")
    private Path bodyFile;

    @Option(
            names = "--timeout",
            paramLabel = "TIME",
            converter = DurationConverter.class,
            description = "A connect or request outstanding longer than this counts as a timeout and its "
                    + "connection is reopened (default: 2s).")
    private Duration timeout = LoadConfig.DEFAULT_TIMEOUT;

    @Option(
            names = "--max-time",
            paramLabel = "TIME",
            converter = DurationConverter.class,
            description =
                    "Hard bound on the whole run (default: warm-up + duration + timeout + 10s, or 10m " + "with -n).")
    private Duration maxTime;

    @Option(
            names = "--idle-connections",
            paramLabel = "N",
            description = "Also hold N idle keep-alive connections, opened before the clock starts: each sends "
                    + "one request, reads its answer and stays silent. Not measured; reported apart.")
    private int idleConnections;

    @Option(
            names = "--slow-connections",
            paramLabel = "N",
            description = "Also hold N slowloris connections, each trickling an endless request head one byte "
                    + "per --slow-interval and reopened when the server closes it. Not measured; reported apart.")
    private int slowConnections;

    @Option(
            names = "--slow-interval",
            paramLabel = "TIME",
            converter = DurationConverter.class,
            description = "Time between two bytes of a slow connection (default: 1s).")
    private Duration slowInterval = LoadConfig.DEFAULT_SLOW_INTERVAL;

    @Option(
            names = "--tls-version",
            paramLabel = "1.3|1.2",
            description = "https://: offer this TLS version only (default: what the JDK supports, 1.3 and 1.2; the"
                    + " one negotiated is reported).")
    private String tlsVersion;

    @Option(
            names = "--tls-resume",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            preprocessor = OldSpellings.OnOff.class,
            description = "https://: new connections resume an earlier session (abbreviated handshake, the default);"
                    + " --no-tls-resume makes a full handshake every time.")
    private boolean tlsResume = true;

    @Option(
            names = "--client-tls-provider",
            paramLabel = "openssl|jdk",
            description = "https://: who encrypts for this client: openssl (BoringSSL through netty's SSLEngine, the"
                    + " default where it loads) or jdk (the JDK's SSLEngine, the default where OpenSSL does not load;"
                    + " the header says which). The same non-blocking client either way.")
    private String clientTlsProvider;

    @Option(
            names = {"-k", "--insecure"},
            negatable = true,
            description = "https://: trust any certificate and host name (a self-signed test server), as curl -k.")
    private boolean insecure;

    @Option(
            names = "--truststore",
            paramLabel = "FILE",
            description = "https://: trust the certificates in this key store (PKCS12 or JKS) instead of the "
                    + "JDK's; the host name is checked.")
    private Path trustStore;

    @Option(
            names = "--truststore-password",
            paramLabel = "PASSWORD",
            description = "The trust store's password, if it has one.")
    private String trustStorePassword;

    @Option(
            names = "--json",
            paramLabel = "FILE",
            description = "Also write every figure as JSON "
                    + "(with a schemaVersion) to FILE; '-' for standard output instead of the text summary.")
    private String json;

    @Option(
            names = "--hlog",
            paramLabel = "FILE",
            description = "Write an HdrHistogram interval log " + "(one histogram per second, microseconds) to FILE.")
    private Path hlog;

    @Option(
            names = "--start-at",
            paramLabel = "TIME",
            converter = InstantConverter.class,
            description = "Agent mode: start recording at this instant, epoch milliseconds or ISO-8601 "
                    + "(2026-01-31T12:00:00Z). Connections open and warm up first (from --warmup before it, or "
                    + "at once); an agent that cannot start within 100 ms of it fails, saying by how much.")
    private Instant startAt;

    @Option(
            names = "--tag",
            paramLabel = "NAME",
            description = "Agent mode: this agent's name on every interval of its --hlog (Tag=) and in its "
                    + "--json (default with --agent-index: agent-<index>).")
    private String tag;

    @Option(
            names = "--agents",
            paramLabel = "N",
            description = "Agent mode: N agents share the load; with -R each sends its share, -R / N.")
    private Integer agents;

    @Option(
            names = "--agent-index",
            paramLabel = "I",
            description = "Agent mode: this agent's number, 0 to N - 1 (with --agents).")
    private Integer agentIndex;

    @Option(
            names = "--rate-share",
            paramLabel = "F",
            description = "Agent mode: with -R, send this fraction of it (instead of --agents' equal share).")
    private Double rateShare;

    @Option(
            names = "--latency",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "Print the latency distribution, as wrk --latency (default: on; --no-latency leaves it out).")
    private boolean latencyDistribution = true;

    @Option(
            names = {"-q", "--quiet"},
            negatable = true,
            description = "No progress line (it is shown only on a terminal anyway).")
    private boolean quiet;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** A start time further ahead than this is refused as a likely mistake. */
    private static final Duration MAX_START_AHEAD = Duration.ofHours(24);

    private final PrintStream out;
    private final PrintStream err;

    LoadMain(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(execute(System.out, System.err, args));
    }

    /** Runs the command line with the given streams and returns the exit status. */
    public static int execute(PrintStream out, PrintStream err, String... args) {
        return commandLine(out, err).execute(args);
    }

    /**
     * The command line, writing to the given streams, with its own exit codes: 2 for a usage error (said in one line
     * when a value is out of range), 1 for a run that failed.
     */
    public static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine cli = new CommandLine(new LoadMain(out, err));
        cli.setOut(new java.io.PrintWriter(out, true));
        cli.setErr(new java.io.PrintWriter(err, true));
        cli.setParameterExceptionHandler((e, arguments) -> {
            CommandLine command = e.getCommandLine();
            command.getErr().println("load: " + e.getMessage());
            // A flag unknown or missing its value shows the usage; a value out of range is said in its one line.
            if (e instanceof CommandLine.UnmatchedArgumentException
                    || e instanceof CommandLine.MissingParameterException) {
                CommandLine.UnmatchedArgumentException.printSuggestions(e, command.getErr());
                command.usage(command.getErr());
            }
            command.getErr().flush();
            return 2;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof LoadException
                    || e instanceof IllegalArgumentException
                    || e instanceof UncheckedIOException) {
                err.println("load: " + e.getMessage());
                return e instanceof IllegalArgumentException ? 2 : 1;
            }
            throw e;
        });
        return cli;
    }

    @Override
    public Integer call() throws IOException {
        if (duration != null && requests != 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give -d or -n, not both");
        }
        if (body != null && bodyFile != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give --body or --body-file, not both");
        }
        byte[] bodyBytes = bodyFile != null
                ? Files.readAllBytes(bodyFile)
                : body != null ? body.getBytes(StandardCharsets.UTF_8) : new byte[0];
        AgentInfo agent = agent();
        LoadConfig.Builder builder = LoadConfig.builder(url)
                .connections(connections)
                .threads(threads)
                .warmup(warmup)
                .rampUp(rampUp)
                .keepAlive(keepAlive)
                .pipeline(pipeline)
                .rate(agent == null || rate == 0 ? rate : agent.rate())
                .startAt(startAt)
                .method(method)
                .body(bodyBytes)
                .timeout(timeout)
                .maxTime(maxTime)
                .idleConnections(idleConnections)
                .slowConnections(slowConnections)
                .slowInterval(slowInterval)
                .streams(streams)
                .h2Window(h2Window);
        if (requests != 0) {
            builder.requests(requests);
        } else {
            builder.duration(duration == null ? LoadConfig.DEFAULT_DURATION : duration);
        }
        headers.forEach(builder::header);
        LoadConfig config;
        try {
            builder.tls(tls());
            builder.protocol(HttpProtocol.of(protocol));
            config = builder.build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        // What the machine can hold, before anything is allocated: an IllegalArgumentException, a usage error.
        MachineLimits.check(config);

        boolean jsonToStdout = "-".equals(json);
        PrintStream text = jsonToStdout ? err : out;
        text.print(ReportText.header(config));
        text.flush();
        boolean progress = !quiet && Terminal.isTerminal();
        LoadReport report;
        try (IntervalLog log = hlog == null ? null : new IntervalLog(hlog, agent == null ? null : agent.tag())) {
            LoadListener listener = new LoadListener() {
                @Override
                public void onProgress(Progress p) {
                    if (progress) {
                        err.print("\r\033[K" + ReportText.progressLine(p));
                        err.flush();
                    }
                }

                @Override
                public void onInterval(Histogram interval) {
                    if (log != null) {
                        log.write(interval);
                    }
                }
            };
            try {
                report = new LoadClient(config).run(listener);
            } catch (RuntimeException e) {
                // Nothing was measured (or an agent missed its start): no log appears, rather than an empty one
                // that reads as a run or trips a merge.
                if (log != null) {
                    log.abort();
                }
                throw e;
            } finally {
                if (progress) {
                    err.print("\r\033[K");
                    err.flush();
                }
            }
        }
        text.print(ReportText.render(report, latencyDistribution));
        if (agent != null) {
            text.println(agent.describe());
        }
        if (report.start() != null) {
            text.println(startLine(report.start()));
        }
        text.flush();
        if (json != null) {
            String rendered = ReportJson.render(report, agent);
            if (jsonToStdout) {
                out.print(rendered);
                out.flush();
            } else {
                WholeFile.write(Path.of(json), rendered);
            }
        }
        if (report.abortReason() != null) {
            err.println("load: stopped early: " + report.abortReason());
            return 1;
        }
        if (report.recorded().requests() == 0) {
            err.println("load: " + ReportText.nothingRecorded(report));
            return 1;
        }
        if (report.start() != null && !report.start().withinTolerance()) {
            err.println("load: " + startLine(report.start()) + ": outside the " + LoadConfig.START_TOLERANCE.toMillis()
                    + " ms an agent is allowed");
            return 1;
        }
        return 0;
    }

    /**
     * The TLS settings from the flags: null when none was given (the defaults for https://, none for http://).
     *
     * @throws IllegalArgumentException a flag's value is not one of those accepted
     */
    private TlsSettings tls() {
        if (tlsVersion == null
                && tlsResume
                && !insecure
                && trustStore == null
                && trustStorePassword == null
                && clientTlsProvider == null) {
            return null;
        }
        if (trustStorePassword != null && trustStore == null) {
            throw new IllegalArgumentException("--truststore-password needs --truststore");
        }
        return new TlsSettings(
                tlsVersion == null ? null : TlsVersion.of(tlsVersion),
                tlsResume,
                insecure,
                trustStore,
                trustStorePassword == null ? null : trustStorePassword.toCharArray(),
                clientTlsProvider == null ? null : ClientTlsProvider.of(clientTlsProvider));
    }

    /** The agent's settings from its flags, or null when none was given (not an agent). */
    private AgentInfo agent() {
        if (tag == null && agents == null && agentIndex == null && rateShare == null && startAt == null) {
            return null;
        }
        if ((agents == null) != (agentIndex == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give --agents and --agent-index together");
        }
        if (rateShare != null && agents != null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "give --rate-share or --agents with --agent-index, not both");
        }
        if (rateShare != null && rate == 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rate-share needs -R (the total rate)");
        }
        if (startAt != null && Duration.between(Instant.now(), startAt).compareTo(MAX_START_AHEAD) > 0) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--start-at " + startAt + " is more than " + MAX_START_AHEAD.toHours()
                            + " h ahead: a mistaken date?");
        }
        Double share = rate == 0 ? null : rateShare != null ? rateShare : agents != null ? 1.0 / agents : 1.0;
        String name = tag != null ? tag : agentIndex != null ? "agent-" + agentIndex : null;
        try {
            return new AgentInfo(name, agents, agentIndex, share, rate == 0 ? null : rate);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private static String startLine(LoadReport.Start start) {
        return start.skewMillis() == null
                ? "Start at " + start.startAt() + ": recording never began"
                : String.format(
                        Locale.ROOT,
                        "Start at %s: recording began %+.1f ms from it (start skew)",
                        start.startAt(),
                        start.skewMillis());
    }

    /** Parses epoch milliseconds ({@code 1767225600000}) or an ISO-8601 instant or offset date-time. */
    public static final class InstantConverter implements CommandLine.ITypeConverter<Instant> {
        @Override
        public Instant convert(String value) {
            String v = value.trim();
            try {
                if (v.chars().allMatch(Character::isDigit) && !v.isEmpty()) {
                    return Instant.ofEpochMilli(Long.parseLong(v));
                }
                return OffsetDateTime.parse(v).toInstant();
            } catch (DateTimeParseException | NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + value
                        + "' is not a time: give epoch milliseconds or ISO-8601, e.g. 2026-01-31T12:00:00Z");
            }
        }
    }
}
