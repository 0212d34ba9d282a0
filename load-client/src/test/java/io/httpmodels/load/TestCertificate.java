package io.httpmodels.load;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed certificate made at test time by the JDK's own {@code keytool} (run as a process: no internal
 * classes), in a PKCS12 key store that serves as the server's key store and, for a client, as a trust store.
 *
 * @param keyStore where it is
 * @param password the store's and the key's password
 */
record TestCertificate(Path keyStore, String password) {

    /**
     * Makes an EC P-256 certificate valid for two days for the given subject alternative names (keytool's {@code
     * -ext SAN=} syntax, e.g. {@code ip:127.0.0.1,dns:localhost}).
     */
    static TestCertificate make(Path dir, String name, String subjectAlternativeNames)
            throws IOException, InterruptedException {
        Path store = dir.resolve(name + ".p12");
        String password = "changeit";
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(List.of(
                        keytool.toString(),
                        "-genkeypair",
                        "-alias",
                        name,
                        "-keyalg",
                        "EC",
                        "-groupname",
                        "secp256r1",
                        "-dname",
                        "CN=" + name,
                        "-ext",
                        "SAN=" + subjectAlternativeNames,
                        "-validity",
                        "2",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        store.toString(),
                        "-storepass",
                        password,
                        "-keypass",
                        password))
                .redirectErrorStream(true)
                .start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0 || !Files.isRegularFile(store)) {
            p.destroyForcibly();
            throw new IOException("keytool failed: " + output);
        }
        return new TestCertificate(store, password);
    }

    /** A server context presenting this certificate. */
    SSLContext serverContext() throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(keyStore.toFile(), password.toCharArray());
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, password.toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), null, null);
        return context;
    }
}
