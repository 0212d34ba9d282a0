package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.CliRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What {@code compare} refuses of HTTP/2 before anything starts: each a usage error saying why. */
class Http2UsageTest {

    /** Each usage error, and what its refusal must say; nothing is measured. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --protocol h3 --no-pin                              | protocol must be h1, h2c or h2
            --streams 10 --no-pin                               | --streams needs HTTP/2
            --protocol h1 --streams 10 --no-pin                 | --streams needs HTTP/2
            --protocol h2c --streams 0 --no-pin                 | --streams must be between 1 and
            --protocol h2c --no-keep-alive --no-pin            | HTTP/2 keeps its connections
            --protocol h2c --pipeline 4 --no-pin                | HTTP/2 keeps its connections
            --profile h2 --idle-connections 10 --no-pin         | idle and slow connections are HTTP/1.1 only
            """)
    void usageErrorsExitWithTwoAndSayWhy(String flags, String says) {
        CliRun run = CliRun.of(("compare " + flags).split(" "));
        assertEquals(2, run.exitCode(), flags + ": " + run.err());
        assertTrue(run.err().contains(says), flags + ": " + run.err());
    }
}
