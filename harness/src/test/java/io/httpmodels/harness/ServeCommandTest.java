package io.httpmodels.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class ServeCommandTest {

    @Test
    void listShowsEveryModelWithItsDescription() {
        CliRun run = CliRun.of("serve", "--list");
        assertEquals(0, run.exitCode());
        for (String model :
                new String[] {"single-thread", "thread-per-connection", "fixed-pool", "virtual-threads", "netty"}) {
            assertTrue(run.out().lines().anyMatch(line -> line.startsWith(model + " ")), run.out());
        }
    }

    @Test
    void anUnknownModelIsAUsageErrorListingTheKnownOnes() {
        CliRun run = CliRun.of("serve", "tomcat");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("unknown server model 'tomcat'"), run.err());
        assertTrue(run.err().contains("virtual-threads"), run.err());
        assertTrue(run.err().contains("Usage:"), run.err());
    }

    @Test
    void badFlagsAreUsageErrors() {
        assertEquals(2, CliRun.of("serve", "netty", "--port", "http").exitCode());
        assertEquals(2, CliRun.of("serve", "netty", "--no-such-flag").exitCode());
        CliRun negative = CliRun.of("serve", "fixed-pool", "--work-ms", "-1");
        assertEquals(2, negative.exitCode());
        assertTrue(negative.err().contains("workMillis"), negative.err());
        assertEquals(2, CliRun.of("serve").exitCode(), "a model is required");
        assertEquals(2, CliRun.of().exitCode(), "a command is required");
    }

    @Test
    void anAddressInUseIsARuntimeFailure() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            CliRun run = CliRun.of("serve", "single-thread", "--port", String.valueOf(taken.getLocalPort()));
            assertEquals(1, run.exitCode());
            assertTrue(run.err().contains("cannot start single-thread"), run.err());
        }
    }
}
