package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

class HttpDateTest {

    @Test
    void isAnImfFixdateOfTheCurrentSecond() {
        HttpDate date = HttpDate.now();
        assertTrue(
                date.toString().matches("[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT"),
                date.toString());
        long parsed = ZonedDateTime.parse(date.toString(), DateTimeFormatter.RFC_1123_DATE_TIME)
                .toEpochSecond();
        assertEquals(date.epochSecond(), parsed);
        assertTrue(Math.abs(parsed - System.currentTimeMillis() / 1000) <= 1);
    }

    @Test
    void isFormattedOncePerSecondAndShared() {
        HttpDate first = HttpDate.now();
        HttpDate second = HttpDate.now();
        // Two calls within one second return the very same instance (the second may tick between them).
        if (first.epochSecond() == second.epochSecond()) {
            assertSame(first, second);
        }
        assertEquals(first.toString().length(), first.bytes().length);
    }
}
