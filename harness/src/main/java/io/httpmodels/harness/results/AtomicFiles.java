package io.httpmodels.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

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
            readableByAll(tmp);
            moveIntoPlace(tmp, file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes UTF-8 text to {@code file}, replacing it atomically. */
    public static void write(Path file, String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Gives a temporary file the usual mode of a written file, rw-r--r--: createTempFile makes it private, and a
     * report is meant to be read.
     */
    public static void readableByAll(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException e) {
            // Not a POSIX file system: its defaults apply.
        }
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
