package io.httpmodels.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a file so that it appears whole or not at all: the text goes to a temporary file in the same folder,
 * which is then moved over the target. A reader never sees half a report, and a run that dies while writing
 * leaves the previous file (or none) in place.
 */
final class WholeFile {

    private WholeFile() {}

    /** Writes the text as UTF-8 to {@code path}, replacing what was there, through a temporary file beside it. */
    static void write(Path path, String text) throws IOException {
        Path dir = path.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + path.getFileName(), ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                // A temporary file is created private (rw-------); a report is for others to read too.
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException e) {
                // Not a POSIX file system: its defaults apply.
            }
            try {
                Files.move(tmp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
