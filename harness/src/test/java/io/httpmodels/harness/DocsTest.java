package io.httpmodels.harness;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The Markdown pages hold together and say what the code does: the README stays a landing page, every page under
 * docs/ is reachable from it, every relative link (anchors included) points at a file and a heading that exist,
 * every script named exists, every {@code --flag} written beside a command is one that command takes, and neither
 * the pages nor the main code's comments carry a {@code /tmp/} path or an issue number (how the work was organised
 * is no part of a user's page).
 */
@Timeout(120)
class DocsTest {

    /** The README's hard cap: a landing page, with everything else in docs/ and CONTRIBUTING.md. */
    private static final int README_MAX_LINES = 160;

    /** An inline link's target: {@code [text](target)}, up to the first space or closing parenthesis. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    /** A target with a scheme ({@code https:}, {@code mailto:}) is not a relative link. */
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");

    /** A path under /tmp: a machine's scratch space, never a user's. */
    private static final Pattern TMP_PATH = Pattern.compile("/tmp/");

    /** An issue of this project's tracker by number ("issue 21"): how the work was organised. */
    private static final Pattern ISSUE_NUMBER = Pattern.compile("(?i)\\bissue\\s+#?\\d+");

    /** A script or launcher of this project, by its path from the root: {@code scripts/compare.sh}, ... */
    private static final Pattern SCRIPT_PATH =
            Pattern.compile("(?<![\\w./~$-])((?:scripts|scale-out|bin)/[\\w./-]*\\w)");

    /** A long option as a page writes it: {@code --models}, {@code --[no-]jit-lending}, {@code --out=DIR}. */
    private static final Pattern LONG_OPTION = Pattern.compile("^--(\\[no-])?([a-z][a-z0-9-]*)(=.*)?$");

    /** A line of picocli's usage that names an option: {@code   -c, --connections=N} or {@code       --json=FILE}. */
    private static final Pattern USAGE_OPTION_LINE =
            Pattern.compile("^ {2,6}(?:-[A-Za-z], )?(--(?:\\[no-])?[a-z][a-z0-9-]*)");

    /** The load client's command, as {@code scripts/load.sh} and {@code load-client.jar} run it. */
    private static final String LOAD = "load";

    /** The scripts that hand every argument to a command of the harness (or, for load.sh, to the load client). */
    private static final Map<String, String> WRAPPERS = Map.of(
            "scripts/compare.sh", "compare",
            "scripts/serve.sh", "serve",
            "scripts/regress.sh", "regress",
            "scripts/merge.sh", "merge",
            "scripts/history.sh", "history",
            "scripts/load.sh", LOAD);

    private static final Path ROOT = projectRoot();

    @Test
    void theReadmeIsALandingPage() throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
        assertTrue(
                lines.size() <= README_MAX_LINES,
                "README.md has " + lines.size() + " lines; a landing page has at most " + README_MAX_LINES
                        + ": move the details to a page under docs/ and link it");
    }

    @Test
    void everyDocsPageIsLinkedFromTheReadme() throws IOException {
        Set<Path> linked = new HashSet<>();
        Path readme = ROOT.resolve("README.md");
        for (String target : relativeLinks(readme)) {
            linked.add(resolve(readme, pathPart(target)));
        }
        List<String> unlinked = new ArrayList<>();
        for (Path page : docsPages()) {
            if (!linked.contains(page.normalize())) {
                unlinked.add(ROOT.relativize(page).toString());
            }
        }
        assertTrue(Files.isRegularFile(ROOT.resolve("CONTRIBUTING.md")), "CONTRIBUTING.md is missing");
        assertTrue(linked.contains(ROOT.resolve("CONTRIBUTING.md")), "README.md does not link CONTRIBUTING.md");
        assertTrue(unlinked.isEmpty(), "README.md links none of " + unlinked);
    }

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<Path> pages = userPages();
        assertFalse(docsPages().isEmpty(), "no Markdown page under docs/");

        Map<Path, Set<String>> anchorsByPage = new HashMap<>();
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            for (String target : relativeLinks(page)) {
                String path = pathPart(target);
                Path file = path.isEmpty() ? page : resolve(page, path);
                String where = ROOT.relativize(page) + ": (" + target + ")";
                if (!Files.exists(file)) {
                    broken.add(where + " points at no file");
                    continue;
                }
                int hash = target.indexOf('#');
                if (hash >= 0 && file.toString().endsWith(".md")) {
                    String anchor = target.substring(hash + 1);
                    Set<String> anchors = anchorsByPage.computeIfAbsent(file, DocsTest::anchorsOf);
                    if (!anchors.contains(anchor)) {
                        broken.add(where + " names no heading of " + ROOT.relativize(file));
                    }
                }
            }
        }
        assertTrue(broken.isEmpty(), "broken links:\n  " + String.join("\n  ", broken));
    }

    @Test
    void anchorsAreMadeAsGitHubMakesThem() {
        assertTrue(anchorsOfText("## Warm-up: until the JIT is done\n").contains("warm-up-until-the-jit-is-done"));
        assertTrue(anchorsOfText("## How .ci/run works\n").contains("how-cirun-works"));
        assertTrue(anchorsOfText("## Against a stored run: --baseline\n").contains("against-a-stored-run---baseline"));
        assertTrue(anchorsOfText("## The report's browser check\n").contains("the-reports-browser-check"));
        Set<String> twice = anchorsOfText("## Leaks\n### Leaks\n");
        assertTrue(twice.contains("leaks") && twice.contains("leaks-1"), twice.toString());
        assertFalse(anchorsOfText("```\n# not a heading\n```\n").contains("not-a-heading"));
    }

    @Test
    void noPageNamesATmpPathOrAnIssueNumber() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path page : userPages()) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String what = lapse(lines.get(i));
                if (what != null) {
                    found.add(ROOT.relativize(page) + ":" + (i + 1) + ": " + what);
                }
            }
        }
        assertTrue(
                found.isEmpty(),
                "pages are for users (no scratch paths, no issue numbers):\n  " + String.join("\n  ", found));
    }

    @Test
    void noMainSourceCommentNamesATmpPathOrAnIssueNumber() throws IOException {
        List<String> found = new ArrayList<>();
        List<Path> sources = mainSources();
        assertFalse(sources.isEmpty(), "no main source found under " + ROOT);
        for (Path source : sources) {
            for (Comment comment : commentsOf(Files.readString(source, StandardCharsets.UTF_8))) {
                String[] lines = comment.text().split("\n", -1);
                for (int i = 0; i < lines.length; i++) {
                    String what = lapse(lines[i]);
                    if (what != null) {
                        found.add(ROOT.relativize(source) + ":" + (comment.line() + i) + ": " + what);
                    }
                }
            }
        }
        assertTrue(
                found.isEmpty(), "a comment says why, not where the work happened:\n  " + String.join("\n  ", found));
    }

    @Test
    void everyScriptNamedExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path page : userPages()) {
            for (String script : scriptsNamed(Files.readString(page, StandardCharsets.UTF_8))) {
                if (!Files.exists(ROOT.resolve(script))) {
                    missing.add(ROOT.relativize(page) + ": " + script);
                }
            }
        }
        assertTrue(missing.isEmpty(), "pages name scripts that do not exist:\n  " + String.join("\n  ", missing));
    }

    @Test
    void everyFlagWrittenBesideACommandIsOneItTakes() throws Exception {
        Commands commands = Commands.read();
        List<String> unknown = new ArrayList<>();
        for (Path page : userPages()) {
            for (String command : commandLines(Files.readAllLines(page, StandardCharsets.UTF_8))) {
                for (String problem : commands.unknownFlags(command)) {
                    unknown.add(ROOT.relativize(page) + ": " + problem + "  in  " + command);
                }
            }
        }
        assertTrue(
                unknown.isEmpty(), "pages write flags their command does not take:\n  " + String.join("\n  ", unknown));
    }

    @Test
    void theChecksSeeWhatTheyLookFor() throws Exception {
        assertTrue(lapse("see issue 21") != null && lapse("Issue #7, fixed") != null, "issue numbers");
        assertTrue(lapse("flock /tmp/x.lock scripts/jmh.sh") != null, "a /tmp path");
        assertTrue(lapse("tissue 3 and /tmpfs") == null, "neither");

        List<Comment> comments = commentsOf("""
                /** A constant. See issue 4. */
                class A {
                    String s = "// not a comment, /tmp/ in a string";
                    char c = '"'; // line comment
                    String t = \"""
                        /* not a comment either */
                        \""";
                }
                """);
        assertTrue(comments.size() == 2, comments.toString());
        assertTrue(comments.get(0).line() == 1 && comments.get(0).text().contains("issue 4"), comments.toString());
        assertTrue(comments.get(1).line() == 4 && comments.get(1).text().equals(" line comment"), comments.toString());

        assertTrue(
                scriptsNamed("run `scripts/compare.sh --x`, then scripts/bench/why-overhead.sh; not /usr/bin/env")
                        .equals(List.of("scripts/compare.sh", "scripts/bench/why-overhead.sh")),
                "script paths");

        List<String> lines = commandLines(List.of(
                "Run `scripts/compare.sh --with nginx` or `compare --no-such` or `--models` alone.",
                "```",
                "scripts/load.sh http://h/ -c 40 \\",
                "    --warmup 3s --insecure   # the client",
                "flock lock scripts/regress.sh --base HEAD | tee x",
                "```"));
        assertTrue(
                lines.equals(List.of(
                        "scripts/compare.sh --with nginx",
                        "compare --no-such",
                        "--models",
                        "scripts/load.sh http://h/ -c 40 --warmup 3s --insecure",
                        "flock lock scripts/regress.sh --base HEAD",
                        "tee x")),
                lines.toString());

        Commands commands = Commands.read();
        assertTrue(commands.unknownFlags("scripts/compare.sh --with nginx --no-pin --[no-]jit-lending")
                .isEmpty());
        assertTrue(commands.unknownFlags("compare --no-such-flag").equals(List.of("--no-such-flag")));
        assertTrue(
                commands.unknownFlags("httpmodels serve netty --tls --no-such").equals(List.of("--no-such")));
        assertTrue(commands.unknownFlags("scripts/load.sh URL -c 40 --warmup=3s -k --insecure")
                .isEmpty());
        assertTrue(commands.unknownFlags("scripts/load.sh URL --profile quick").equals(List.of("--profile")));
        assertTrue(commands.unknownFlags("bin/httpmodels compare --no-such --with nginx")
                .equals(List.of("--no-such")));
        assertTrue(commands.unknownFlags("history add --no-such results.json").equals(List.of("--no-such")));
        assertTrue(commands.unknownFlags("scripts/bench/why-overhead.sh --rounds 8 --no-such")
                .equals(List.of("--no-such")));
        assertTrue(commands.unknownFlags("scripts/scale-out.sh --inventory x -- URL --not-its-own")
                .isEmpty());
        assertTrue(commands.unknownFlags("--models").isEmpty(), "no command named");
    }

    /** What is wrong with a line of a page or a comment: a /tmp path or an issue number; null when nothing. */
    private static String lapse(String line) {
        Matcher tmp = TMP_PATH.matcher(line);
        if (tmp.find()) {
            return "a /tmp path: " + line.strip();
        }
        Matcher issue = ISSUE_NUMBER.matcher(line);
        if (issue.find()) {
            return "an issue number (" + issue.group() + "): " + line.strip();
        }
        return null;
    }

    /** The paths of scripts and launchers a page names, in order, each once. */
    private static List<String> scriptsNamed(String text) {
        Set<String> named = new LinkedHashSet<>();
        Matcher script = SCRIPT_PATH.matcher(text);
        while (script.find()) {
            named.add(script.group(1));
        }
        return List.copyOf(named);
    }

    /**
     * The command lines a page writes: each inline code span outside code blocks, and each line of a code block
     * (a line ending in a backslash joined with the next), cut at a pipe, a {@code ;}, {@code &&} or a comment.
     */
    static List<String> commandLines(List<String> lines) {
        List<String> commands = new ArrayList<>();
        boolean fenced = false;
        StringBuilder continued = new StringBuilder();
        for (String line : lines) {
            if (line.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                String code = line;
                int comment = code.indexOf(" #");
                if (comment >= 0) {
                    code = code.substring(0, comment);
                }
                if (code.stripTrailing().endsWith("\\")) {
                    String kept = code.stripTrailing();
                    continued.append(kept, 0, kept.length() - 1);
                    continue;
                }
                addPieces(continued.append(code).toString(), commands);
                continued.setLength(0);
                continue;
            }
            Matcher span = INLINE_CODE.matcher(line);
            while (span.find()) {
                String code = span.group();
                addPieces(code.substring(1, code.length() - 1), commands);
            }
        }
        return commands;
    }

    private static void addPieces(String code, List<String> commands) {
        for (String piece : code.split("\\||;|&&")) {
            if (!piece.isBlank()) {
                commands.add(piece.strip().replaceAll("\\s+", " "));
            }
        }
    }

    /** The commands pages name, and the long options each takes, read from their own definitions. */
    private record Commands(CommandLine harness, Set<String> loadFlags) {

        static Commands read() throws IOException, InterruptedException {
            return new Commands(HttpModelsCli.commandLine(), loadClientFlags());
        }

        /**
         * The long options written beside a command in {@code line} that the command does not take; none when the
         * line names no command. The command is {@code httpmodels NAME} (the launcher by any path, or
         * {@code harness.jar NAME}), a script of this project (a wrapper stands for the command it runs),
         * {@code load-client.jar}, or a command's name as the first word. Options before the command are another
         * program's; a bare {@code --} ends them.
         */
        List<String> unknownFlags(String line) throws IOException {
            String[] words = line.split("\\s+");
            int at = -1;
            Set<String> known = null;
            for (int i = 0; i < words.length && known == null; i++) {
                String word = words[i];
                if ((word.equals("httpmodels") || word.endsWith("/httpmodels") || word.endsWith("harness.jar"))
                        && i + 1 < words.length
                        && harness.getSubcommands().containsKey(words[i + 1])) {
                    known = flagsOf(words[i + 1], words, i + 2);
                    i++;
                } else if (WRAPPERS.containsKey(word)) {
                    known = flagsOf(WRAPPERS.get(word), words, i + 1);
                } else if (SCRIPT_PATH.matcher(word).matches() && Files.isRegularFile(ROOT.resolve(word))) {
                    known = scriptFlags(ROOT.resolve(word));
                } else if (word.endsWith("load-client.jar")) {
                    known = loadFlags;
                } else if (i == 0
                        && (word.equals(LOAD) || harness.getSubcommands().containsKey(word))) {
                    known = flagsOf(word, words, 1);
                }
                at = i;
            }
            List<String> unknown = new ArrayList<>();
            if (known == null) {
                return unknown;
            }
            for (int i = at + 1; i < words.length; i++) {
                if (words[i].equals("--")) {
                    break;
                }
                Matcher option = LONG_OPTION.matcher(words[i]);
                if (option.matches()) {
                    String name = "--" + option.group(2);
                    boolean ok = option.group(1) == null
                            ? known.contains(name)
                            : known.contains(name) && known.contains("--no-" + option.group(2));
                    if (!ok) {
                        unknown.add(words[i]);
                    }
                }
            }
            return unknown;
        }

        /** The long options of a harness command (descending into a subcommand named next), or the load client's. */
        private Set<String> flagsOf(String command, String[] words, int next) {
            if (command.equals(LOAD)) {
                return loadFlags;
            }
            CommandLine cli = harness.getSubcommands().get(command);
            if (cli == null) {
                throw new IllegalStateException("no harness command " + command);
            }
            if (next < words.length && cli.getSubcommands().containsKey(words[next])) {
                cli = cli.getSubcommands().get(words[next]);
            }
            return longOptions(cli.getCommandSpec());
        }

        private static Set<String> longOptions(CommandSpec spec) {
            Set<String> names = new TreeSet<>();
            for (String name : spec.optionsMap().keySet()) {
                names.add(name);
            }
            names.addAll(spec.negatedOptionsMap().keySet());
            names.removeIf(name -> !name.startsWith("--"));
            return names;
        }

        /** A script of its own parses its options: each it takes appears in its text as a whole word. */
        private static Set<String> scriptFlags(Path script) throws IOException {
            Set<String> names = new TreeSet<>();
            Matcher option = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*").matcher(Files.readString(script));
            while (option.find()) {
                names.add(option.group());
            }
            return names;
        }

        /**
         * The load client's long options, from its own {@code --help} (its command object takes the streams it
         * writes to, so this asks the command line itself, in a JVM of its own on this test's class path).
         */
        private static Set<String> loadClientFlags() throws IOException, InterruptedException {
            String java = ProcessHandle.current().info().command().orElse("java");
            Process help = new ProcessBuilder(
                            java, "-cp", System.getProperty("java.class.path"), "io.httpmodels.load.LoadMain", "--help")
                    .redirectErrorStream(true)
                    .start();
            String text = new String(help.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!help.waitFor(60, TimeUnit.SECONDS) || help.exitValue() != 0) {
                help.destroyForcibly();
                throw new IllegalStateException("load --help failed:\n" + text);
            }
            Set<String> names = new TreeSet<>();
            for (String line : text.lines().toList()) {
                Matcher option = USAGE_OPTION_LINE.matcher(line);
                if (option.find()) {
                    String name = option.group(1);
                    if (name.startsWith("--[no-]")) {
                        names.add("--" + name.substring(7));
                        names.add("--no-" + name.substring(7));
                    } else {
                        names.add(name);
                    }
                }
            }
            if (!names.contains("--connections")) {
                throw new IllegalStateException("read no options from load --help:\n" + text);
            }
            return names;
        }
    }

    /** A comment of a Java source: the line it starts on and its text between the markers. */
    record Comment(int line, String text) {}

    /** The comments of a Java source, in order; string, character and text-block literals are skipped. */
    static List<Comment> commentsOf(String source) {
        List<Comment> comments = new ArrayList<>();
        int line = 1;
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                end = end < 0 ? n : end;
                comments.add(new Comment(line, source.substring(i + 2, end)));
                i = end;
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                end = end < 0 ? n : end;
                String text = source.substring(i + 2, end);
                comments.add(new Comment(line, text));
                line += (int) text.chars().filter(ch -> ch == '\n').count();
                i = Math.min(n, end + 2);
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                while (end > 0 && source.charAt(end - 1) == '\\') {
                    end = source.indexOf("\"\"\"", end + 1);
                }
                end = end < 0 ? n : end;
                line += (int) source.substring(i, end)
                        .chars()
                        .filter(ch -> ch == '\n')
                        .count();
                i = Math.min(n, end + 3);
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && source.charAt(j) != c && source.charAt(j) != '\n') {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
            } else {
                i++;
            }
        }
        return comments;
    }

    /** Every Java source of a module's main code ({@code MODULE/src/main/java}). */
    private static List<Path> mainSources() throws IOException {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.sorted().toList()) {
                Path main = module.resolve("src/main/java");
                if (Files.isDirectory(main)) {
                    try (Stream<Path> files = Files.walk(main)) {
                        files.filter(file -> file.toString().endsWith(".java"))
                                .sorted()
                                .forEach(sources::add);
                    }
                }
            }
        }
        return sources;
    }

    /** The pages a user reads: the READMEs, CONTRIBUTING.md and every page under docs/, its folders included. */
    private static List<Path> userPages() throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(ROOT.resolve("README.md"));
        pages.add(ROOT.resolve("CONTRIBUTING.md"));
        pages.add(ROOT.resolve("load-client/README.md"));
        try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
            files.filter(file -> file.toString().endsWith(".md"))
                    .map(Path::normalize)
                    .sorted()
                    .forEach(pages::add);
        }
        return pages;
    }

    /** The folder with the parent pom and scripts/, found by walking up from where the tests run. */
    private static Path projectRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("scripts"))) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "no folder with pom.xml and scripts/ above " + Path.of("").toAbsolutePath());
    }

    private static List<Path> docsPages() throws IOException {
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            return files.filter(file -> file.toString().endsWith(".md"))
                    .map(Path::normalize)
                    .sorted()
                    .toList();
        }
    }

    /** The targets of the page's links outside code, relative ones only. */
    private static List<String> relativeLinks(Path page) throws IOException {
        List<String> links = new ArrayList<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher link = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
            while (link.find()) {
                String target = link.group(1);
                if (!SCHEME.matcher(target).find()) {
                    links.add(target);
                }
            }
        }
        return links;
    }

    private static String pathPart(String target) {
        int hash = target.indexOf('#');
        return hash < 0 ? target : target.substring(0, hash);
    }

    private static Path resolve(Path page, String path) {
        return page.getParent().resolve(path).normalize();
    }

    private static Set<String> anchorsOf(Path page) {
        try {
            return anchorsOfText(Files.readString(page, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + page, e);
        }
    }

    /**
     * The anchors GitHub gives a page's headings: lower case, every character but letters, digits, spaces,
     * hyphens and underscores dropped, spaces turned to hyphens; a repeated anchor gets {@code -1}, {@code -2}, ...
     */
    private static Set<String> anchorsOfText(String markdown) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (String line : markdown.lines().toList()) {
            if (line.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (fenced || !heading.matches()) {
                continue;
            }
            String anchor = heading.group(1)
                    .toLowerCase(Locale.ROOT)
                    .replaceAll("[^\\p{L}\\p{N}_ -]", "")
                    .replace(' ', '-');
            int count = seen.merge(anchor, 1, Integer::sum);
            anchors.add(count == 1 ? anchor : anchor + "-" + (count - 1));
        }
        return anchors;
    }
}
