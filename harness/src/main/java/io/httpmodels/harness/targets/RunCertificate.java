package io.httpmodels.harness.targets;

import io.httpmodels.harness.results.AtomicFiles;
import io.httpmodels.server.tls.ServerTls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Base64;

/**
 * The one certificate of a run's TLS scenarios, as the two PEM files every server of the run is given: each model's
 * JVM ({@code serve --tls --cert --key}) and nginx ({@code nginx.sh --cert --key}), so that all of them present
 * the same key (one key type, one signature to check) and the handshakes compare. Self-signed, made by the JDK's
 * keytool ({@link ServerTls#selfSigned()}); clients trust it by not checking it ({@code load --insecure}).
 *
 * @param certificate the certificate chain, PEM {@code CERTIFICATE} blocks
 * @param key         its private key, an unencrypted PKCS#8 {@code PRIVATE KEY} block, readable by its owner only
 */
public record RunCertificate(Path certificate, Path key) {

    /** The file names inside the run's folder. */
    static final String CERTIFICATE_FILE = "cert.pem";

    static final String KEY_FILE = "key.pem";

    private static final Base64.Encoder PEM_BASE64 =
            Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));

    /** Makes a fresh self-signed certificate and writes it to {@code folder} (created if missing). */
    public static RunCertificate make(Path folder) throws IOException {
        return write(ServerTls.selfSigned(), folder);
    }

    /** Writes {@code tls}'s chain and key to {@code folder}: {@code cert.pem} and {@code key.pem}, each whole. */
    public static RunCertificate write(ServerTls tls, Path folder) throws IOException {
        Files.createDirectories(folder);
        StringBuilder chain = new StringBuilder();
        for (X509Certificate certificate : tls.chain()) {
            try {
                chain.append(pem("CERTIFICATE", certificate.getEncoded()));
            } catch (CertificateEncodingException e) {
                throw new IOException("cannot encode the certificate: " + e.getMessage(), e);
            }
        }
        Path certificate = folder.resolve(CERTIFICATE_FILE);
        AtomicFiles.write(certificate, chain.toString());
        Path key = folder.resolve(KEY_FILE);
        // createTempFile makes the file private (rw-------), which a key stays.
        Path tmp = Files.createTempFile(folder, "." + KEY_FILE, ".tmp");
        try {
            Files.writeString(tmp, pem("PRIVATE KEY", tls.key().getEncoded()), StandardCharsets.US_ASCII);
            AtomicFiles.moveIntoPlace(tmp, key);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return new RunCertificate(certificate.toAbsolutePath(), key.toAbsolutePath());
    }

    /** One PEM block: the DER bytes in Base64, 64 characters a line, between its BEGIN and END lines. */
    static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + PEM_BASE64.encodeToString(der) + "\n-----END " + type + "-----\n";
    }
}
