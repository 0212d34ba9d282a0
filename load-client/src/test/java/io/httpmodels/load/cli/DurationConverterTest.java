package io.httpmodels.load.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

import java.time.Duration;

class DurationConverterTest {

    private final DurationConverter converter = new DurationConverter();

    @Test
    void durationsTakeAUnitOrMeanSeconds() {
        assertEquals(Duration.ofMillis(500), converter.convert("500ms"));
        assertEquals(Duration.ofMillis(1500), converter.convert(" 1.5S "));
        assertEquals(Duration.ofSeconds(10), converter.convert("10"));
        assertEquals(Duration.ofSeconds(10), converter.convert("10 s"));
        assertEquals(Duration.ofMinutes(2), converter.convert("2m"));
        assertEquals(Duration.ofHours(1), converter.convert("1h"));
        assertEquals(Duration.ofNanos(250_000), converter.convert("250us"));
    }

    @ParameterizedTest(name = "''{0}'' is refused")
    @ValueSource(strings = {"", "ms", "-1s", "1d", "1.s", "soon"})
    void anythingElseIsRefusedSayingWhy(String bad) {
        CommandLine.TypeConversionException e =
                assertThrows(CommandLine.TypeConversionException.class, () -> converter.convert(bad));
        assertTrue(e.getMessage().contains("'" + bad + "' is not a duration (e.g. 500ms, 10s, 2m)"), e.getMessage());
    }
}
