package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

class WholeFileTest {

    @TempDir
    Path dir;

    private List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesReplacesAndLeavesNoTemporaryFile() throws IOException {
        Path target = dir.resolve("report.json");
        WholeFile.write(target, "first\n");
        assertEquals("first\n", Files.readString(target, StandardCharsets.UTF_8));
        WholeFile.write(target, "sécond\n");
        assertEquals("sécond\n", Files.readString(target, StandardCharsets.UTF_8));
        assertEquals(List.of("report.json"), names(dir));
        // Readable by others, as a file written directly would be (a temporary file starts private).
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
    }

    @Test
    void createsTheFolder() throws IOException {
        Path target = dir.resolve("a/b/out.json");
        WholeFile.write(target, "{}");
        assertEquals("{}", Files.readString(target));
        assertEquals(List.of("out.json"), names(dir.resolve("a/b")));
    }
}
