package io.httpmodels.harness.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.httpmodels.harness.results.AtomicFiles;
import io.httpmodels.harness.results.ResultsJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The history: a folder of runs, one JSON file per run, filed by machine,
 * {@code DIR/<machine id>/<yyyyMMdd-HHmmss>-<commit>.json} ({@link MachineFingerprint#id()}; {@code -2},
 * {@code -3}, ... before {@code .json} for another run of that commit started in the same second).
 *
 * <p>One file per run rather than one growing file: an append is the creation of one new file, written whole
 * (temporary name, then an atomic move) so a crash leaves the history as it was; two CI jobs that each add a run
 * touch different files, so their commits to a history branch merge without conflict; and a folder per machine
 * keeps runs of different machines apart on disk as on the page. Files are never rewritten: the history is
 * append-only.
 *
 * <p>Every run is kept, a second run of a commit on the same machine too (a re-run CI job, a nightly run of an
 * unchanged main): the page draws the runs of one commit at that commit, as a spread that shows the machine's noise.
 * A run is added once: the same run again (same machine, commit and start time) is refused.
 *
 * <p>Every read checks the whole history: each file must parse as a {@link HistoryRun} of {@link #VERSION}, sit
 * in its machine's folder, and hold a run no other file holds. Anything else is a {@link HistoryException} naming
 * the file, and {@link #add} writes nothing. Not thread-safe, nor safe across processes: two adds of the same run
 * at once could both write, and every later read would then refuse the pair by name. The CI workflow runs one add
 * at a time.
 */
public final class HistoryStore {

    /** Version of a history file's structure; bumped on any incompatible change. */
    public static final int VERSION = 1;

    private static final ObjectMapper MAPPER = ResultsJson.mapper();
    private static final DateTimeFormatter FILE_TIME =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private final Path dir;

    /** The history in {@code dir} (which need not exist yet: an empty history). */
    public HistoryStore(Path dir) {
        this.dir = dir;
    }

    /** The history's folder. */
    public Path dir() {
        return dir;
    }

    /**
     * Every run, oldest first (by start time, then commit).
     *
     * @throws HistoryException when a file is not a run of this version, is damaged or truncated, sits in another
     *                          machine's folder, or holds the same run as another file
     */
    public List<HistoryRun> runs() throws HistoryException, IOException {
        List<HistoryRun> runs = new ArrayList<>();
        Map<String, Path> seen = new HashMap<>();
        if (!Files.isDirectory(dir)) {
            if (Files.exists(dir)) {
                throw new HistoryException(dir + " is not a folder");
            }
            return runs;
        }
        for (Path file : files()) {
            HistoryRun run = read(file);
            String folder = file.getParent().getFileName().toString();
            if (!folder.equals(run.machine().id())) {
                throw new HistoryException(file + ": a run of machine "
                        + run.machine().id() + " filed under " + folder + " (moved by hand?)");
            }
            Path other = seen.putIfAbsent(key(run), file);
            if (other != null) {
                throw new HistoryException(file + " and " + other + " both hold the run of commit " + run.commit()
                        + " on machine " + run.machine().id() + " started " + run.startedAt() + " (copied by hand?)");
            }
            runs.add(run);
        }
        runs.sort(Comparator.comparing(HistoryRun::startedAt).thenComparing(HistoryRun::commit));
        return runs;
    }

    /**
     * Appends a run: checks the history as {@link #runs()} does and that it does not hold this run already, then
     * writes the run's file whole. Other runs of the same commit on the same machine are kept beside it.
     *
     * @return the file written
     * @throws HistoryException when the history is damaged or already holds this run (same machine, commit and
     *                          start time); nothing is written then
     */
    public Path add(HistoryRun run) throws HistoryException, IOException {
        if (run.historyVersion() != VERSION) {
            throw new HistoryException(
                    "a run of history version " + run.historyVersion() + ", this harness writes " + VERSION);
        }
        for (HistoryRun existing : runs()) {
            if (key(existing).equals(key(run))) {
                throw new HistoryException("the history already holds this run: commit " + run.commit() + " on machine "
                        + run.machine().id() + ", started " + existing.startedAt());
            }
        }
        Path folder = dir.resolve(run.machine().id());
        Path file = folder.resolve(fileName(run, 1));
        for (int n = 2; Files.exists(file); n++) {
            file = folder.resolve(fileName(run, n));
        }
        AtomicFiles.write(file, toJson(run));
        return file;
    }

    /**
     * The run's file name: its start time (UTC) and commit, so a folder lists in run order; the {@code n}th run of
     * that commit started in that second gets {@code -n} (the first, none).
     */
    static String fileName(HistoryRun run, int n) {
        return FILE_TIME.format(run.startedAt()) + "-" + run.shortCommit() + (n == 1 ? "" : "-" + n) + ".json";
    }

    /** The run as the history writes it. */
    static String toJson(HistoryRun run) {
        try {
            return MAPPER.writeValueAsString(run) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static HistoryRun read(Path file) throws HistoryException, IOException {
        String text;
        try {
            text = Files.readString(file);
        } catch (CharacterCodingException e) {
            throw new HistoryException(file + ": not a readable history run (truncated or damaged?): not UTF-8", e);
        }
        try {
            JsonNode tree = MAPPER.readTree(text);
            if (tree == null || !tree.isObject() || !tree.has("historyVersion")) {
                throw new HistoryException(file + ": not a history run (no historyVersion)");
            }
            int version = tree.get("historyVersion").asInt();
            if (version != VERSION) {
                throw new HistoryException(file + ": history version " + version + " is not supported (this harness"
                        + " reads " + VERSION + ")");
            }
            return MAPPER.treeToValue(tree, HistoryRun.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new HistoryException(
                    file + ": not a readable history run (truncated or damaged?): " + firstLine(e.getMessage()), e);
        }
    }

    /** The run files, in a stable order; temporary files of an unfinished write (dot-names) are not runs. */
    private List<Path> files() throws IOException {
        try (Stream<Path> paths = Files.walk(dir, 2)) {
            return paths.filter(p -> dir.relativize(p).getNameCount() == 2)
                    .filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(".json"))
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        }
    }

    /** What makes a run the same run: its machine, commit and start time. */
    private static String key(HistoryRun run) {
        return run.machine().id() + "\u0000" + run.commit() + "\u0000" + run.startedAt();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
