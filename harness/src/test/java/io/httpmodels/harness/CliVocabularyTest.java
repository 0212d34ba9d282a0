package io.httpmodels.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.httpmodels.load.LoadMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One CLI vocabulary: a flag means one thing in every command ({@code httpmodels} and its subcommands, and the load
 * client). The options of every command are read from picocli's model; an option is known by its declaration (the
 * field or setter that takes it, a shared mixin's being one declaration wherever it is mixed in). A flag given by two
 * declarations must be in {@link #VOCABULARY} with both under one meaning, and every short flag must be there: two
 * meanings for one flag fail, naming the commands. Borrowed from wrk and h2load ({@code -c -d -t -R -H}, {@code
 * --latency}), curl ({@code -k}, {@code -o}, {@code --max-time}) and JMH ({@code -f} forks).
 */
class CliVocabularyTest {

    /** One meaning, the flags that say it, and the declarations allowed to take them. */
    private record Meaning(String what, Set<String> names, Set<String> declarations) {}

    private static final List<Meaning> VOCABULARY = List.of(
            new Meaning(
                    "the usage",
                    Set.of("-h", "--help"),
                    Set.of("AutoHelpMixin.helpRequested", "HelpCommand.helpRequested")),
            new Meaning("the version", Set.of("-V", "--version"), Set.of("AutoHelpMixin.versionRequested")),
            new Meaning(
                    "connections the load client keeps open (a list where compare sweeps)",
                    Set.of("-c", "--connections"),
                    Set.of("LoadMain.connections", "CompareCommand.connections", "OverheadCommand.connections")),
            new Meaning(
                    "the load client's threads, as wrk -t",
                    Set.of("-t", "--threads", "--client-threads"),
                    Set.of("LoadMain.threads", "CompareCommand.clientThreads")),
            new Meaning(
                    "how long a load is recorded",
                    Set.of("-d", "--duration"),
                    Set.of(
                            "LoadMain.duration",
                            "CompareCommand.duration",
                            "OverheadCommand.duration",
                            "RegressCommand.duration")),
            new Meaning(
                    "an exact number of requests, as ab -n", Set.of("-n", "--requests"), Set.of("LoadMain.requests")),
            new Meaning(
                    "a constant request rate, open loop, as wrk2 -R",
                    Set.of("-R", "--rate"),
                    Set.of("LoadMain.rate", "CompareCommand.rate")),
            new Meaning(
                    "an extra request header, as wrk and curl -H",
                    Set.of("-H", "--header"),
                    Set.of("LoadMain.headers")),
            new Meaning("the request method, as ab -m", Set.of("-m", "--method"), Set.of("LoadMain.method")),
            new Meaning(
                    "the HTTP version the load client speaks: h1, h2c, h2 (a list where compare makes scenarios)",
                    Set.of("--protocol"),
                    Set.of("LoadMain.protocol", "CompareCommand.protocols")),
            new Meaning(
                    "HTTP/2's requests in flight per connection, as h2load -m (a list where compare makes scenarios)",
                    Set.of("--streams"),
                    Set.of("LoadMain.streams", "CompareCommand.streams")),
            new Meaning(
                    "trust any certificate, as curl -k",
                    Set.of("-k", "--insecure", "--no-insecure"),
                    Set.of("LoadMain.insecure")),
            new Meaning("no progress line", Set.of("-q", "--quiet", "--no-quiet"), Set.of("LoadMain.quiet")),
            new Meaning("the port a server listens on", Set.of("-p", "--port"), Set.of("ServeCommand.port")),
            new Meaning(
                    "where a command writes, as curl -o",
                    Set.of("-o", "--out"),
                    Set.of(
                            "OutputOption.out",
                            "ReportCommand.outDir",
                            "DistributeCommand.out",
                            "ConformanceCommand.out",
                            "MergeCommand.report",
                            "HistoryReportCommand.outDir")),
            // Reserved: JMH's -f for compare's forks; -w for nothing yet, as wrk2 and JMH users may read it.
            new Meaning(
                    "forks: fresh JVMs per cell, as JMH -f", Set.of("-f", "--forks"), Set.of("CompareCommand.forks")),
            new Meaning("reserved", Set.of("-w"), Set.of()),
            new Meaning(
                    "recorded windows per round",
                    Set.of("--windows"),
                    Set.of("RegressCommand.windows", "CompareCommand.windows")),
            new Meaning(
                    "requests in flight per connection",
                    Set.of("--pipeline"),
                    Set.of("LoadMain.pipeline", "CompareCommand.pipeline")),
            new Meaning(
                    "keep-alive connections, or a new one per request",
                    Set.of("--keep-alive", "--no-keep-alive"),
                    Set.of("LoadMain.keepAlive", "KeepAliveOption.keepAlive", "KeepAliveOption.noKeepAlive")),
            new Meaning(
                    "how long a request may stay unanswered",
                    Set.of("--timeout"),
                    Set.of("LoadMain.timeout", "TimeoutOption.timeout")),
            new Meaning(
                    "unrecorded load before the recording",
                    Set.of("--warmup"),
                    Set.of("LoadMain.warmup", "WarmupOptions.warmup")),
            new Meaning(
                    "a hard bound on the whole run, as curl --max-time",
                    Set.of("--max-time"),
                    Set.of("LoadMain.maxTime", "DistributeCommand.maxTime")),
            new Meaning(
                    "load agents sharing one load",
                    Set.of("--agents"),
                    Set.of("LoadMain.agents", "DistributeCommand.agents")),
            new Meaning("write every figure as JSON", Set.of("--json"), Set.of("LoadMain.json", "MergeCommand.json")),
            new Meaning(
                    "idle keep-alive connections held beside the measured ones",
                    Set.of("--idle-connections"),
                    Set.of("LoadMain.idleConnections", "CompareCommand.idleConnections")),
            new Meaning(
                    "slowloris connections held beside the measured ones",
                    Set.of("--slow-connections"),
                    Set.of("LoadMain.slowConnections", "CompareCommand.slowConnections")),
            new Meaning(
                    "time between two bytes of a slow connection",
                    Set.of("--slow-interval"),
                    Set.of("LoadMain.slowInterval", "CompareCommand.slowInterval")),
            new Meaning(
                    "the servers' deadline for a request head",
                    Set.of("--header-timeout"),
                    Set.of("ServeCommand.headerTimeout", "CompareCommand.headerTimeout")),
            new Meaning(
                    "simulated blocking work per request on the server",
                    Set.of("--work"),
                    Set.of("ServeCommand.workMillis", "CompareCommand.workMillis", "OverheadCommand.workMillis")),
            new Meaning(
                    "who encrypts on the server",
                    Set.of("--tls-provider"),
                    Set.of("ServeCommand.tlsProvider", "CompareCommand.tlsProvider")),
            new Meaning(
                    "who encrypts for the load client",
                    Set.of("--client-tls-provider"),
                    Set.of("LoadMain.clientTlsProvider", "CompareCommand.clientTlsProvider")),
            new Meaning(
                    "rounds, each measuring both sides of a pair",
                    Set.of("--rounds"),
                    Set.of("RegressCommand.rounds", "OverheadCommand.rounds")),
            new Meaning(
                    "a history of runs, its folder",
                    Set.of("--history"),
                    Set.of(
                            "RegressCommand.historyDir",
                            "HistoryAddCommand.historyDir",
                            "HistoryReportCommand.historyDir")));

    /**
     * Old spellings kept one release, each hidden, by command: the old flag and the one to type instead. The ones
     * marked {@code *} still mean, in that command, what another command's flag of that name does not: {@link
     * #TRANSITIONAL_CLASHES}.
     */
    private static final Map<String, Map<String, String>> OLD_SPELLINGS = Map.of(
            "httpmodels serve",
            Map.of(
                    "--threads", "--server-threads",
                    "--transport", "--server-transport",
                    "--work-ms", "--work",
                    "--idle-timeout-ms", "--idle-timeout"),
            "httpmodels compare",
            Map.of(
                    "--threads", "--server-threads",
                    "--transport", "--server-transport",
                    "--work-ms", "--work",
                    "--repetitions", "--forks"),
            "httpmodels overhead",
            Map.of("--transport", "--server-transport", "--work-ms", "--work"),
            "httpmodels regress",
            Map.of("--transport", "--server-transport"),
            "httpmodels merge",
            Map.of("--report", "--out"),
            "load",
            Map.of("-p", "--pipeline"));

    /**
     * Old spellings whose flag means something else in another command until they go: {@code --threads} (the
     * servers' in compare and serve, the client's in load), {@code -p} (pipelining in load, the port in serve),
     * {@code --report} (where merge writes; the report history add links).
     */
    private static final Set<String> TRANSITIONAL_CLASHES = Set.of("--threads", "-p", "--report");

    /** Hidden options that are no old spelling: the harness's own channel to the model JVMs it starts. */
    private static final Set<String> INTERNAL = Set.of("--exit-with-parent", "--control");

    /** Flags that are actions rather than settings, so no {@code --no-} form. */
    private static final Set<String> ACTIONS = Set.of("--help", "--version", "--list");

    /** An option of one command. */
    private record Use(String command, OptionSpec option, String declaration) {}

    @Test
    void everyFlagMeansOneThingInEveryCommand() {
        Map<String, Map<String, List<String>>> byName = new TreeMap<>(); // name -> declaration -> commands
        for (Use use : uses()) {
            if (use.option().hidden()) {
                continue; // checked below, against OLD_SPELLINGS
            }
            for (String name : names(use.option())) {
                byName.computeIfAbsent(name, n -> new TreeMap<>())
                        .computeIfAbsent(use.declaration(), d -> new ArrayList<>())
                        .add(use.command());
            }
        }
        List<String> problems = new ArrayList<>();
        byName.forEach((name, declarations) -> {
            Meaning meaning = meaningOf(name);
            if (meaning == null) {
                if (declarations.size() > 1) {
                    problems.add(name + " has " + declarations.size() + " meanings, none in the vocabulary: "
                            + declarations);
                } else if (!name.startsWith("--")) {
                    problems.add(name + " (a short flag) is not in the vocabulary: " + declarations);
                }
                return;
            }
            for (Map.Entry<String, List<String>> d : declarations.entrySet()) {
                if (!meaning.declarations().contains(d.getKey())) {
                    problems.add(name + " means '" + meaning.what() + "', but " + d.getValue() + " take it for "
                            + d.getKey());
                }
            }
        });
        assertEquals(List.of(), problems, "flags with two meanings");
    }

    @Test
    void oldSpellingsAreHiddenListedAndNamedForTheirReplacement() {
        Map<String, Map<String, String>> found = new TreeMap<>();
        Map<String, Set<String>> visible = new TreeMap<>();
        for (Use use : uses()) {
            if (use.option().usageHelp() || use.option().versionHelp()) {
                continue;
            }
            if (!use.option().hidden()) {
                visible.computeIfAbsent(use.command(), c -> new TreeSet<>()).addAll(names(use.option()));
                continue;
            }
            for (String name : use.option().names()) {
                if (!INTERNAL.contains(name)) {
                    found.computeIfAbsent(use.command(), c -> new TreeMap<>()).put(name, "?");
                }
            }
        }
        Map<String, Set<String>> listed = new TreeMap<>();
        OLD_SPELLINGS.forEach((command, spellings) -> listed.put(command, new TreeSet<>(spellings.keySet())));
        Map<String, Set<String>> hidden = new TreeMap<>();
        found.forEach((command, spellings) -> hidden.put(command, new TreeSet<>(spellings.keySet())));
        assertEquals(listed, hidden, "every hidden option is an old spelling listed here, and every one listed exists");
        OLD_SPELLINGS.forEach((command, spellings) -> spellings.forEach((old, now) -> assertTrue(
                visible.getOrDefault(command, Set.of()).contains(now),
                command + ": " + old + " names " + now + ", which it does not show")));
    }

    @Test
    void anOldSpellingMeansSomethingElseElsewhereOnlyWhereThatIsKnown() {
        Map<String, Set<String>> declarationsByName = new TreeMap<>();
        for (Use use : uses()) {
            for (String name : names(use.option())) {
                declarationsByName.computeIfAbsent(name, n -> new TreeSet<>()).add(use.declaration());
            }
        }
        Set<String> clashes = new TreeSet<>();
        for (Use use : uses()) {
            if (!use.option().hidden()) {
                continue;
            }
            for (String name : use.option().names()) {
                Set<String> others = new TreeSet<>(declarationsByName.get(name));
                others.remove(use.declaration());
                others.removeIf(d -> isOldSpelling(d));
                if (!others.isEmpty()) {
                    clashes.add(name);
                }
            }
        }
        assertEquals(new TreeSet<>(TRANSITIONAL_CLASHES), clashes);
    }

    @Test
    void everyBooleanSettingIsNegatableAndEveryTimeADuration() {
        List<String> problems = new ArrayList<>();
        for (Use use : uses()) {
            OptionSpec o = use.option();
            if (o.hidden() || o.usageHelp() || o.versionHelp()) {
                continue;
            }
            String longest = o.longestName();
            boolean flag = (o.type() == boolean.class || o.type() == Boolean.class)
                    && o.arity().max() == 0;
            boolean negativeForm = longest.startsWith("--no-")
                    && names(use.command()).contains("--" + longest.substring("--no-".length()));
            if (flag && !o.negatable() && !ACTIONS.contains(longest) && !negativeForm) {
                problems.add(use.command() + " " + longest + " is a boolean without --no-" + longest.substring(2));
            }
            for (String name : o.names()) {
                if (name.matches("--.*-(ms|millis|us|s|secs|seconds|minutes)")) {
                    problems.add(use.command() + " " + name + " takes a time in a unit: make it a duration");
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    /** Each old spelling still parses, says its replacement in one line on standard error, and is not in --help. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            serve netty --threads 2                | --threads is an old spelling: use --server-threads          | --threads
            serve netty --transport nio            | --transport is an old spelling: use --server-transport      | --transport
            serve netty --work-ms 1                | --work-ms is an old spelling: use --work                    | --work-ms
            serve netty --idle-timeout-ms 500      | --idle-timeout-ms is an old spelling: use --idle-timeout    | --idle-timeout-ms
            serve netty --tls --tls-provider jdk   | ''                                                          | ''
            compare --threads 2                    | --threads is an old spelling: use --server-threads          | --threads
            compare --transport nio                | --transport is an old spelling: use --server-transport      | --transport
            compare --work-ms 0,1                  | --work-ms is an old spelling: use --work                    | --work-ms
            compare --why off                      | --why off is an old spelling: use --no-why                  | ''
            compare --why=on                       | --why on is an old spelling: use --why                      | ''
            compare --keep-alive yes               | --keep-alive yes is an old spelling: use --keep-alive       | ''
            compare --keep-alive no                | --keep-alive no is an old spelling: use --no-keep-alive     | ''
            overhead --keep-alive=both --work-ms 1 | --work-ms is an old spelling: use --work                    | --work-ms
            regress --transport io_uring           | --transport is an old spelling: use --server-transport      | --transport
            merge --report out a.hlog              | --report is an old spelling: use --out                      | --report
            """)
    void oldSpellingsStillParseAndSayTheirReplacement(String commandLine, String says, String hidden) {
        StringWriter err = new StringWriter();
        CommandLine cli = HttpModelsCli.commandLine();
        cli.setErr(new PrintWriter(err, true));
        cli.parseArgs(commandLine.split(" "));
        List<String> lines = err.toString().lines().toList();
        if (says.isEmpty()) {
            assertEquals(List.of(), lines);
            return;
        }
        assertEquals(1, lines.size(), err.toString());
        assertTrue(lines.get(0).contains(says), lines.get(0));
        if (!hidden.isEmpty()) {
            CliRun help = CliRun.of(commandLine.split(" ")[0], "--help");
            assertEquals(0, help.exitCode());
            assertFalse(
                    java.util.regex.Pattern.compile("(?<![\\w-])" + hidden + "(?![\\w-])")
                            .matcher(help.out())
                            .find(),
                    "--help shows " + hidden + ":\n" + help.out());
        }
    }

    @Test
    void theLoadClientsOldSpellingsStillParse() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandLine load = LoadMain.commandLine(
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        load.parseArgs("http://127.0.0.1:1/", "-p", "4", "--tls-resume", "off");
        String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("load: -p is an old spelling: use --pipeline"), said);
        assertTrue(said.contains("load: --tls-resume off is an old spelling: use --no-tls-resume"), said);
        assertEquals(2, said.lines().count(), said);
    }

    // ---- reading picocli's model ------------------------------------------------------------------------------------

    /** Every option of every command, read once. */
    private static List<Use> uses;

    private static synchronized List<Use> uses() {
        if (uses == null) {
            uses = List.copyOf(readUses());
        }
        return uses;
    }

    private static List<Use> readUses() {
        List<Use> uses = new ArrayList<>();
        collect(HttpModelsCli.commandLine(), uses);
        collect(
                LoadMain.commandLine(
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)),
                uses);
        return uses;
    }

    private static void collect(CommandLine command, List<Use> uses) {
        String name = command.getCommandSpec().qualifiedName();
        for (OptionSpec option : command.getCommandSpec().options()) {
            uses.add(new Use(name, option, declaration(option)));
        }
        command.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, uses));
    }

    /** The field or setter that takes the option: {@code Class.member}, a mixin's the same in every command. */
    private static String declaration(OptionSpec option) {
        Object member = option.userObject();
        if (member instanceof Field f) {
            return f.getDeclaringClass().getSimpleName() + "." + f.getName();
        }
        if (member instanceof Method m) {
            return m.getDeclaringClass().getSimpleName() + "." + m.getName();
        }
        return fail("an option neither a field nor a setter: " + option.longestName());
    }

    /** Its names, with the {@code --no-} form of a negatable one. */
    private static List<String> names(OptionSpec option) {
        List<String> names = new ArrayList<>(List.of(option.names()));
        if (option.negatable()) {
            for (String n : option.names()) {
                if (n.startsWith("--")) {
                    names.add("--no-" + n.substring(2));
                }
            }
        }
        return names;
    }

    /** Every visible name of a command. */
    private static Set<String> names(String command) {
        Set<String> names = new TreeSet<>();
        for (Use use : uses()) {
            if (use.command().equals(command) && !use.option().hidden()) {
                names.addAll(names(use.option()));
            }
        }
        return names;
    }

    private static boolean isOldSpelling(String declaration) {
        return declaration.substring(declaration.indexOf('.') + 1).startsWith("old");
    }

    private static Meaning meaningOf(String name) {
        Map<String, Meaning> found = new LinkedHashMap<>();
        for (Meaning m : VOCABULARY) {
            if (m.names().contains(name)) {
                found.put(m.what(), m);
            }
        }
        if (found.size() > 1) {
            fail(name + " is in the vocabulary twice: " + found.keySet());
        }
        return found.values().stream().findFirst().orElse(null);
    }
}
