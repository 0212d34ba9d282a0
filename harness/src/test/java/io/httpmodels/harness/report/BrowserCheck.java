package io.httpmodels.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Opens a page the harness wrote in headless Chromium and says whether every chart it must have rendered without
 * a script error, and saves a screenshot of the whole page beside it. A tool for the tests and {@code .ci/run}:
 * it lives in the harness's test classes, so no user's {@code harness.jar} carries it.
 *
 * <p>Two runs of {@code chromium --headless} from the command line, each bounded in time and killed with its
 * children on timeout, with a fresh profile and no network: the first prints the page's DOM after its scripts
 * ran ({@code --dump-dom}, with a virtual time budget so ECharts' animations finish), the second takes the
 * screenshot at the page's full height, which the first reported. No WebDriver: a DOM dump and the browser's
 * console log answer every question asked here.
 *
 * <p>Any page that keeps the report's conventions can be checked: its charts in {@code div.chart} containers
 * with ids, one per {@code <figure>}, each marked {@code data-rendered="true"} when drawn; its own error recorder
 * ({@code body[data-script-errors]}, {@code #page-error-list}, catching {@code error},
 * {@code unhandledrejection} and {@code console.error}); {@code body[data-report-done="true"]} and
 * {@code body[data-page-height]} once every chart is drawn. What it must draw comes from its own source through
 * an {@link ExpectedCharts} ({@link ExpectedCharts#REPORT} for {@code report.html}).
 *
 * <p>What is checked: each expected chart is in the DOM, rendered and holds SVG paths, and no other chart is;
 * no text a chart drew is cut by the chart's edge (an axis label clipped at the left, say); the page recorded no
 * script error and the browser's log no uncaught error or failed load; the page's script said it was done.
 *
 * <p>The cut texts are measured in the browser by a probe ({@code browser-check-probe.js}, beside this class)
 * that the check adds to its own copy of the page, after the page's scripts: it compares each text's box, as
 * the browser drew it, with its chart's SVG area. So the page must be self-contained (scripts and styles
 * inline), as the harness's pages are; the screenshot is taken of the page itself.
 *
 * <p>Usage from a shell, after {@code mvn verify} (the harness's jar, with its {@code lib/}, and its test
 * classes), on a report a real run wrote: {@code java -cp harness/target/harness.jar:harness/target/test-classes
 * io.httpmodels.harness.report.BrowserCheck results/TS/report.html} (exit 0 passed, 1 problems, 2 usage or no
 * Chromium).
 */
public final class BrowserCheck {

    /** Chromium's executables, in the order tried on the PATH. */
    private static final List<String> CHROMIUM_NAMES =
            List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable");

    private static final int WIDTH = 1400;
    private static final int MIN_HEIGHT = 900;
    /** A taller screenshot than this is cut: Chromium's software compositor has limits. */
    private static final int MAX_HEIGHT = 16_000;

    private static final long TIMEOUT_SECONDS = 90;

    private static final Pattern BODY = Pattern.compile("<body\\b([^>]*)>");
    private static final Pattern DIV = Pattern.compile("<div\\b([^>]*)>");
    private static final Pattern ATTRIBUTE =
            Pattern.compile("([A-Za-z_:][-A-Za-z0-9_:.]*)(?:\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s\"'=<>`]+)))?");
    private static final Pattern ERROR_LIST = Pattern.compile("<ol id=\"page-error-list\">(.*?)</ol>", Pattern.DOTALL);
    private static final Pattern LIST_ITEM = Pattern.compile("<li>(.*?)</li>", Pattern.DOTALL);
    private static final Pattern PROBE = Pattern.compile(
            "<script type=\"application/json\" id=\"browser-check-probe\">(.*?)</script>", Pattern.DOTALL);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Chromium's log line for a console message: {@code ...:CONSOLE:12] "Uncaught ...", source: ...}. */
    private static final Pattern CONSOLE_FAILURE =
            Pattern.compile(":CONSOLE[^\\]]*\\] \"((?:Uncaught|Failed to load)[^\\n]*)");

    private BrowserCheck() {}

    /** Chromium's executable on the PATH, if any. */
    public static Optional<Path> findChromium() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String name : CHROMIUM_NAMES) {
            for (String dir : path.split(File.pathSeparator)) {
                Path candidate = Path.of(dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Loads {@code html} in headless Chromium, reads what its scripts left in the DOM, and saves a screenshot of
     * the whole page to {@code screenshot}.
     *
     * @param expected the charts the page must draw, from its source
     * @throws IOException when Chromium could not be run or did not finish within its time bound
     */
    public static PageCheck check(Path chromium, Path html, ExpectedCharts expected, Path screenshot)
            throws IOException, InterruptedException {
        return check(chromium, Map.of(), html, expected, screenshot);
    }

    /**
     * As {@link #check(Path, Path, ExpectedCharts, Path)}, with Chromium run in this environment plus
     * {@code environment} (e.g. {@code FONTCONFIG_FILE}, for other fonts).
     */
    public static PageCheck check(
            Path chromium, Map<String, String> environment, Path html, ExpectedCharts expected, Path screenshot)
            throws IOException, InterruptedException {
        Path page = html.toAbsolutePath();
        String source = Files.readString(page);
        List<String> expectedCharts = new ArrayList<>();
        String dataProblem = null;
        try {
            expectedCharts.addAll(expected.in(source));
        } catch (IOException | RuntimeException e) {
            dataProblem = e.getMessage();
        }

        Path scratch = Files.createTempDirectory("httpmodels-browser-check");
        try {
            // The DOM is read from a copy with the probe, laid out as wide as the screenshot (no scroll bar).
            Path probed = Files.writeString(scratch.resolve("probed-" + page.getFileName()), withProbe(source));
            Run dump = run(
                    chromium,
                    environment,
                    scratch,
                    List.of("--window-size=" + WIDTH + "," + MIN_HEIGHT, "--hide-scrollbars", "--dump-dom"),
                    probed);
            String dom = dump.stdout();
            Map<String, String> body = attributes(BODY, dom);
            List<PageCheck.Chart> charts = charts(dom);
            List<PageCheck.ClippedText> clipped = clippedTexts(dom);
            List<String> scriptErrors = listItems(dom);
            if (scriptErrors.isEmpty() && !"0".equals(body.getOrDefault("data-script-errors", "0"))) {
                scriptErrors = List.of(body.get("data-script-errors") + " errors, their text not found in the page");
            }
            if (!body.containsKey("data-script-errors")) {
                scriptErrors = Stream.concat(scriptErrors.stream(), Stream.of("the page's error recorder never ran"))
                        .toList();
            }
            List<String> consoleErrors = new ArrayList<>();
            Matcher console = CONSOLE_FAILURE.matcher(dump.stderr());
            while (console.find()) {
                consoleErrors.add(console.group(1));
            }

            int height = MIN_HEIGHT;
            try {
                height = Integer.parseInt(body.getOrDefault("data-page-height", String.valueOf(MIN_HEIGHT)));
            } catch (NumberFormatException e) {
                // Keep the minimum: the screenshot is still taken, the problems say the page was not done.
            }
            height = Math.max(MIN_HEIGHT, Math.min(MAX_HEIGHT, height));
            Path png = screenshot.toAbsolutePath();
            Files.createDirectories(png.getParent());
            Files.deleteIfExists(png);
            run(
                    chromium,
                    environment,
                    scratch,
                    List.of("--window-size=" + WIDTH + "," + height, "--hide-scrollbars", "--screenshot=" + png),
                    page);
            boolean shot = Files.isRegularFile(png) && Files.size(png) > 0;
            return new PageCheck(
                    page,
                    shot ? png : null,
                    expectedCharts,
                    dataProblem,
                    charts,
                    clipped,
                    scriptErrors,
                    consoleErrors,
                    "true".equals(body.get("data-report-done")));
        } finally {
            deleteTree(scratch);
        }
    }

    /** Runs the check on a report from the command line; prints what it found. */
    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: BrowserCheck REPORT_HTML [SCREENSHOT_PNG]  (default: report.png beside it)");
            System.exit(2);
        }
        Path html = Path.of(args[0]);
        Path png = args.length == 2 ? Path.of(args[1]) : html.toAbsolutePath().resolveSibling("report.png");
        Optional<Path> chromium = findChromium();
        if (chromium.isEmpty()) {
            System.err.println("chromium missing: none of " + CHROMIUM_NAMES + " on the PATH");
            System.exit(2);
        }
        PageCheck result = check(chromium.get(), html, ExpectedCharts.REPORT, png);
        long rendered =
                result.charts().stream().filter(PageCheck.Chart::rendered).count();
        System.out.printf(
                Locale.ROOT,
                "%s: %d of %d charts rendered, %s texts cut, %d script errors; screenshot %s%n",
                html,
                rendered,
                result.expectedCharts().size(),
                result.clippedTexts() == null
                        ? "?"
                        : String.valueOf(result.clippedTexts().size()),
                result.scriptErrors().size() + result.consoleErrors().size(),
                result.screenshot());
        for (String problem : result.problems()) {
            System.out.println("  problem: " + problem);
        }
        System.exit(result.passed() ? 0 : 1);
    }

    /**
     * Every {@code div.chart} in the DOM dump, with what was drawn into it: the text from its opening tag to the
     * end of its card ({@code </figure>}; the report puts one chart in each figure).
     */
    static List<PageCheck.Chart> charts(String dom) {
        List<PageCheck.Chart> charts = new ArrayList<>();
        Matcher div = DIV.matcher(dom);
        while (div.find()) {
            Map<String, String> attributes = parseAttributes(div.group(1));
            List<String> classes =
                    List.of(attributes.getOrDefault("class", "").trim().split("\\s+"));
            if (!classes.contains("chart")) {
                continue;
            }
            int end = dom.indexOf("</figure>", div.end());
            String inside = dom.substring(div.end(), end < 0 ? dom.length() : end);
            charts.add(new PageCheck.Chart(
                    attributes.getOrDefault("id", "(no id)"),
                    "true".equals(attributes.get("data-rendered")),
                    count(inside, "<path")));
        }
        return charts;
    }

    /** The page's source with the probe's script added before its last {@code </body>} (or at its end). */
    static String withProbe(String source) throws IOException {
        String probe;
        try (InputStream in = BrowserCheck.class.getResourceAsStream("browser-check-probe.js")) {
            if (in == null) {
                throw new IOException("browser-check-probe.js is not on the class path beside BrowserCheck");
            }
            probe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String script = "<script>\n" + probe + "</script>\n";
        int body = source.toLowerCase(Locale.ROOT).lastIndexOf("</body>");
        return body < 0 ? source + script : source.substring(0, body) + script + source.substring(body);
    }

    /** What the probe found cut in the DOM dump; null when it wrote nothing (it never ran). */
    static List<PageCheck.ClippedText> clippedTexts(String dom) throws IOException {
        Matcher m = PROBE.matcher(dom);
        if (!m.find()) {
            return null;
        }
        List<PageCheck.ClippedText> clipped = new ArrayList<>();
        for (JsonNode text : JSON.readTree(m.group(1)).path("clipped")) {
            clipped.add(new PageCheck.ClippedText(
                    text.path("chart").asText(),
                    text.path("text").asText(),
                    text.path("edge").asText(),
                    text.path("pixels").asDouble()));
        }
        return clipped;
    }

    private static List<String> listItems(String dom) {
        Matcher list = ERROR_LIST.matcher(dom);
        List<String> items = new ArrayList<>();
        if (list.find()) {
            Matcher item = LIST_ITEM.matcher(list.group(1));
            while (item.find()) {
                items.add(unescape(item.group(1)));
            }
        }
        return items;
    }

    private static Map<String, String> attributes(Pattern tag, String dom) {
        Matcher m = tag.matcher(dom);
        return m.find() ? parseAttributes(m.group(1)) : Map.of();
    }

    private static Map<String, String> parseAttributes(String text) {
        Map<String, String> attributes = new HashMap<>();
        Matcher m = ATTRIBUTE.matcher(text);
        while (m.find()) {
            String value = m.group(2) != null ? m.group(2) : m.group(3) != null ? m.group(3) : m.group(4);
            attributes.put(m.group(1).toLowerCase(Locale.ROOT), value == null ? "" : unescape(value));
        }
        return attributes;
    }

    private static String unescape(String html) {
        return html.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&nbsp;", " ")
                .replace("&amp;", "&");
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length())) {
            n++;
        }
        return n;
    }

    /** The DOM of {@code page} after its scripts ran, as the check reads it, without checking anything. */
    public static String dom(Path chromium, Map<String, String> environment, Path page)
            throws IOException, InterruptedException {
        Path scratch = Files.createTempDirectory("httpmodels-browser-check");
        try {
            return run(
                            chromium,
                            environment,
                            scratch,
                            List.of("--window-size=" + WIDTH + "," + MIN_HEIGHT, "--hide-scrollbars", "--dump-dom"),
                            page.toAbsolutePath())
                    .stdout();
        } finally {
            deleteTree(scratch);
        }
    }

    /** The page's DOM after its scripts ran, as headless Chromium dumps it. */
    public static String dumpDom(Path chromium, Path html) throws IOException, InterruptedException {
        Path scratch = Files.createTempDirectory("httpmodels-browser-dom");
        try {
            return run(chromium, Map.of(), scratch, List.of("--dump-dom"), html.toAbsolutePath())
                    .stdout();
        } finally {
            deleteTree(scratch);
        }
    }

    private record Run(String stdout, String stderr) {}

    /** One headless Chromium run on the page: a fresh profile, no network, bounded in time. */
    private static Run run(Path chromium, Map<String, String> environment, Path scratch, List<String> extra, Path page)
            throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(scratch, "profile");
        Path out = Files.createTempFile(scratch, "stdout", ".txt");
        Path err = Files.createTempFile(scratch, "stderr", ".txt");
        List<String> command = new ArrayList<>(List.of(
                chromium.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-quic",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--force-device-scale-factor=1",
                "--user-data-dir=" + profile,
                "--virtual-time-budget=10000",
                "--enable-logging=stderr",
                "--v=0"));
        command.addAll(extra);
        command.add(page.toUri().toString());
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        try {
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IOException("chromium did not finish within " + TIMEOUT_SECONDS + " s: " + command);
            }
        } finally {
            if (process.isAlive()) {
                // Chromium starts renderer and utility processes: stop them with it.
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            throw new IOException("chromium exited with " + process.exitValue() + ": " + tail(stderr));
        }
        return new Run(Files.readString(out, StandardCharsets.UTF_8), stderr);
    }

    private static String tail(String text) {
        return text.length() <= 2000 ? text : text.substring(text.length() - 2000);
    }

    /** Best effort: a helper process Chromium left behind may still be writing into its profile. */
    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            System.getLogger(BrowserCheck.class.getName())
                    .log(System.Logger.Level.DEBUG, "could not delete " + dir + ": " + e);
        }
    }
}
