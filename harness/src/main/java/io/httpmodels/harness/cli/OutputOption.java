package io.httpmodels.harness.cli;

import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** {@code -o}/{@code --out}: where a run writes, {@code results/<prefix><timestamp>} in the project unless given. */
public final class OutputOption {

    @Option(
            names = {"-o", "--out"},
            paramLabel = "DIR",
            description = "Where to write (default: a new folder under results/ in the project, named by the time).")
    Path out;

    /** The folder given, or a new one under {@code root/results}: {@code PREFIX yyyyMMdd-HHmmss}, made unique. */
    public Path dir(Path root, String prefix) {
        if (out != null) {
            return out;
        }
        String stamp = prefix + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path dir = root.resolve("results").resolve(stamp);
        for (int i = 2; Files.exists(dir); i++) {
            dir = root.resolve("results").resolve(stamp + "-" + i);
        }
        return dir;
    }
}
