package io.httpmodels.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.targets.RunCertificate;
import io.httpmodels.server.HttpProtocol;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.tls.ServerTls;
import io.httpmodels.server.tls.TlsProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

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
        CliRun run = CliRun.of("serve", "no-such-model");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("unknown server model 'no-such-model'"), run.err());
        assertTrue(run.err().contains("virtual-threads"), run.err());
        assertTrue(run.err().contains("Usage:"), run.err());
    }

    /** Each bad command line (empty: none at all), and what its refusal must say. */
    @ParameterizedTest(name = "httpmodels {0}")
    @CsvSource(delimiter = '|', textBlock = """
            serve netty --port http            | Invalid value for option '--port': 'http' is not an int
            serve netty --no-such-flag         | Unknown option: '--no-such-flag'
            serve fixed-pool --work -1ms       | is not a duration
            serve                              | a MODEL is required
            ''                                 | a command is required
            """)
    void badFlagsAreUsageErrors(String commandLine, String says) {
        CliRun run = CliRun.of(commandLine.isEmpty() ? new String[0] : commandLine.split(" "));
        assertEquals(2, run.exitCode(), commandLine + ": " + run.err());
        assertTrue(run.err().contains(says), commandLine + ": " + run.err());
    }

    @Test
    void anAddressInUseIsARuntimeFailure() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            CliRun run = CliRun.of("serve", "single-thread", "--port", String.valueOf(taken.getLocalPort()));
            assertEquals(1, run.exitCode());
            assertTrue(run.err().contains("cannot start single-thread"), run.err());
        }
    }

    @Test
    void theDeadlineFlagsAreShownWithTheirDefaultsAndReachTheConfig() {
        CliRun help = CliRun.of("serve", "--help");
        assertEquals(0, help.exitCode());
        String text = help.out().replaceAll("\\s+", " "); // as printed, less the line wrapping
        assertTrue(text.contains("--header-timeout=TIME A request head"), help.out());
        assertTrue(text.contains("default: 10s)"), help.out());
        assertTrue(text.contains("--body-timeout=TIME A request body"), help.out());
        assertTrue(text.contains("default: 30s)"), help.out());

        ServerConfig defaults = parse("netty");
        assertEquals(ServerConfig.DEFAULT_HEADER_TIMEOUT, defaults.timeouts().header());
        assertEquals(ServerConfig.DEFAULT_BODY_TIMEOUT, defaults.timeouts().body());
        ServerConfig set = parse("netty", "--header-timeout", "1500ms", "--body-timeout", "2m");
        assertEquals(Duration.ofMillis(1500), set.timeouts().header());
        assertEquals(Duration.ofMinutes(2), set.timeouts().body());
        assertEquals(defaults.timeouts().idle(), set.timeouts().idle(), "the idle timeout stays apart");
    }

    @Test
    void badDeadlinesAreUsageErrors() {
        CliRun zero = CliRun.of("serve", "netty", "--header-timeout", "0s");
        assertEquals(2, zero.exitCode());
        assertTrue(zero.err().contains("headerTimeout must be positive"), zero.err());
        CliRun word = CliRun.of("serve", "netty", "--body-timeout", "soon");
        assertEquals(2, word.exitCode());
        assertTrue(word.err().contains("'soon' is not a duration"), word.err());
    }

    @Test
    void tlsFlagsWithoutTlsOrHalfAPairOrAnUnknownProviderAreUsageErrors() {
        CliRun noTls = CliRun.of("serve", "netty", "--cert", "cert.pem", "--key", "key.pem");
        assertEquals(2, noTls.exitCode(), noTls.err());
        assertTrue(noTls.err().contains("--cert, --key and --tls-provider need --tls"), noTls.err());
        CliRun providerAlone = CliRun.of("serve", "netty", "--tls-provider", "openssl");
        assertEquals(2, providerAlone.exitCode(), providerAlone.err());
        assertTrue(providerAlone.err().contains("need --tls"), providerAlone.err());
        CliRun half = CliRun.of("serve", "netty", "--tls", "--cert", "cert.pem");
        assertEquals(2, half.exitCode(), half.err());
        assertTrue(half.err().contains("--cert and --key go together"), half.err());
        CliRun provider = CliRun.of("serve", "netty", "--tls", "--tls-provider", "gnutls");
        assertEquals(2, provider.exitCode(), provider.err());
        assertTrue(provider.err().contains("unknown TLS provider 'gnutls'; known: jdk, openssl"), provider.err());
    }

    @Test
    @Timeout(90)
    void aMissingOrBadPemFileIsAUsageErrorNamingIt(@TempDir Path dir) throws Exception {
        RunCertificate good = RunCertificate.write(ServerTls.selfSigned(), dir);
        Path missing = dir.resolve("missing.pem");
        CliRun none = CliRun.of(
                "serve",
                "netty",
                "--tls",
                "--cert",
                missing.toString(),
                "--key",
                good.key().toString());
        assertEquals(2, none.exitCode(), none.err());
        assertTrue(none.err().contains("cannot read " + missing), none.err());
        Path garbage = Files.writeString(dir.resolve("garbage.pem"), "not a key\n");
        CliRun bad = CliRun.of(
                "serve", "netty", "--tls", "--cert", good.certificate().toString(), "--key", garbage.toString());
        assertEquals(2, bad.exitCode(), bad.err());
        assertTrue(bad.err().contains(garbage + " holds no PEM block"), bad.err());
    }

    @Test
    @Timeout(120) // two certificates made by keytool, each a JVM of its own
    void tlsReachesTheConfigWithTheGivenCertificateOrASelfSignedOneAndTheProvider(@TempDir Path dir) throws Exception {
        ServerTls made = ServerTls.selfSigned();
        RunCertificate files = RunCertificate.write(made, dir);
        ServerConfig given = parse(
                "netty",
                "--tls",
                "--cert",
                files.certificate().toString(),
                "--key",
                files.key().toString());
        assertEquals("https", given.scheme());
        assertEquals(made.certificate(), given.tls().orElseThrow().certificate());
        assertEquals(TlsProvider.JDK, given.tls().orElseThrow().provider());

        ServerConfig selfSigned = parse("netty", "--tls", "--tls-provider", "openssl");
        assertEquals(TlsProvider.OPENSSL, selfSigned.tls().orElseThrow().provider());
        assertNotEquals(made.certificate(), selfSigned.tls().orElseThrow().certificate(), "a fresh one");

        assertTrue(parse("netty").tls().isEmpty(), "plain HTTP without --tls");
    }

    @Test
    void theHelpSaysHowClientsReachASelfSignedServer() {
        CliRun help = CliRun.of("serve", "--help");
        String text = help.out().replaceAll("\\s+", " ");
        assertTrue(text.contains("--[no-]tls Serve HTTPS"), help.out());
        assertTrue(text.contains("-k' (--insecure), 'curl -k'"), help.out());
        assertTrue(text.contains("--tls-provider=jdk|openssl"), help.out());
    }

    /** --list says which protocols each model speaks: HTTP/1.1 only, or HTTP/2's forms beside it. */
    @Test
    void listSaysWhatEachModelSpeaks() {
        CliRun run = CliRun.of("serve", "--list");
        assertEquals(0, run.exitCode());
        assertTrue(
                run.out().lines().anyMatch(l -> l.startsWith("netty ") && l.endsWith(" (http/1.1, h2c, h2)")),
                run.out());
        assertTrue(
                run.out().lines().anyMatch(l -> l.startsWith("single-thread ") && l.endsWith(" (HTTP/1.1 only)")),
                run.out());
    }

    @Test
    void h2cAndH2ReachTheConfig() {
        assertEquals(HttpProtocol.HTTP_1_1, parse("netty").protocol());
        assertEquals(HttpProtocol.H2C, parse("netty", "--h2c").protocol());
        assertEquals(HttpProtocol.HTTP_1_1, parse("netty", "--no-h2c").protocol());
    }

    /** HTTP/2 asked of a model that speaks HTTP/1.1 only, or in the wrong form for the listener: usage errors. */
    @ParameterizedTest(name = "httpmodels {0}")
    @CsvSource(delimiter = '|', textBlock = """
            serve single-thread --h2c     | single-thread speaks HTTP/1.1 only: it cannot serve HTTP/2 over cleartext (h2c)
            serve nio-reactor --h2c       | nio-reactor speaks HTTP/1.1 only: it cannot serve HTTP/2 over cleartext (h2c)
            serve netty --h2              | --h2 needs --tls (in cleartext: --h2c)
            serve netty --h2c --tls       | --h2c is HTTP/2 in cleartext: with --tls, --h2 offers it by ALPN
            """)
    void http2ThatCannotBeServedIsAUsageError(String commandLine, String says) {
        CliRun run = CliRun.of(commandLine.split(" "));
        assertEquals(2, run.exitCode(), commandLine + ": " + run.err());
        assertTrue(run.err().contains(says), commandLine + ": " + run.err());
    }

    private static ServerConfig parse(String... args) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(args);
        return serve.config();
    }
}
