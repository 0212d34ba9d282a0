package io.httpmodels.server.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Makes a self-signed EC (P-256) certificate for {@code localhost} and {@code 127.0.0.1}, valid for 30 days, with the
 * {@code keytool} of the JDK that runs this code, in a temporary folder deleted before it returns. The JDK has no
 * public API to sign a certificate, and keytool is the tool it ships for it; P-256 is what nginx's peer script makes
 * with openssl, so both servers pay for the same signature.
 */
final class SelfSignedCertificate {

    private static final long TIMEOUT_SECONDS = 60;

    private SelfSignedCertificate() {}

    static ServerTls make() throws IOException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Path folder = Files.createTempDirectory("httpmodels-tls");
        try {
            Path store = folder.resolve("server.p12");
            String password = "httpmodels-" + ProcessHandle.current().pid();
            List<String> command = List.of(
                    keytool.toString(),
                    "-genkeypair",
                    "-alias",
                    ServerTls.ALIAS,
                    "-keyalg",
                    "EC",
                    "-groupname",
                    "secp256r1",
                    "-sigalg",
                    "SHA256withECDSA",
                    "-dname",
                    "CN=localhost",
                    "-ext",
                    "san=dns:localhost,ip:127.0.0.1",
                    "-validity",
                    "30",
                    "-storetype",
                    "PKCS12",
                    "-keystore",
                    store.toString(),
                    "-storepass",
                    password,
                    "-keypass",
                    password);
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("keytool did not finish within " + TIMEOUT_SECONDS + " s");
            }
            if (process.exitValue() != 0) {
                throw new IOException("keytool failed (exit " + process.exitValue() + "): "
                        + new String(output, StandardCharsets.UTF_8).strip());
            }
            return ServerTls.fromPkcs12(store, password.toCharArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while keytool ran", e);
        } finally {
            try (Stream<Path> files = Files.walk(folder)) {
                files.sorted(Comparator.reverseOrder())
                        .forEach(path -> path.toFile().delete());
            }
        }
    }
}
