package io.httpmodels.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes files whole or not at all: to a temporary name in the same folder, then moved over the final name in
 * one step, so a reader (or a crash) never sees half a report.
 */
public final class AtomicFiles {

    private AtomicFiles() {}

    /** Writes {@code bytes} to {@code file}, replacing it atomically. */
    public static void write(Path file, byte[] bytes) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            Files.write(tmp, bytes);
            moveIntoPlace(tmp, file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes UTF-8 text to {@code file}, replacing it atomically. */
    public static void write(Path file, String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Moves a finished temporary file over {@code file} in one step where the file system allows. */
    public static void moveIntoPlace(Path tmp, Path file) throws IOException {
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
