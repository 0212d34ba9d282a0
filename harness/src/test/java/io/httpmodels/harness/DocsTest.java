package io.httpmodels.harness;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The Markdown pages hold together: the README stays a landing page, every page under docs/ is reachable from it,
 * and every relative link, anchors included, points at a file and a heading that exist.
 */
class DocsTest {

    /** The README's hard cap: a landing page, with everything else in docs/ and CONTRIBUTING.md. */
    private static final int README_MAX_LINES = 160;

    /** An inline link's target: {@code [text](target)}, up to the first space or closing parenthesis. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    /** A target with a scheme ({@code https:}, {@code mailto:}) is not a relative link. */
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");

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
        List<Path> pages = new ArrayList<>();
        pages.add(ROOT.resolve("README.md"));
        pages.add(ROOT.resolve("CONTRIBUTING.md"));
        pages.add(ROOT.resolve("load-client/README.md"));
        pages.addAll(docsPages());
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
