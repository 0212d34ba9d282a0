package io.httpmodels.server.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLEngine;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;

/** Where a model's key and certificate come from, and what every model is handed from them. */
class ServerTlsTest {

    private static ServerTls selfSigned;

    @BeforeAll
    static void makeOne() throws IOException {
        selfSigned = ServerTls.selfSigned();
    }

    @Test
    void aSelfSignedCertificateNamesLocalhostAndTheLoopbackAddress() throws Exception {
        X509Certificate certificate = selfSigned.certificate();
        assertEquals("CN=localhost", certificate.getSubjectX500Principal().getName());
        assertEquals(certificate.getSubjectX500Principal(), certificate.getIssuerX500Principal(), "self-signed");
        List<String> names = certificate.getSubjectAlternativeNames().stream()
                .map(name -> String.valueOf(name.get(1)))
                .toList();
        assertTrue(names.containsAll(List.of("localhost", "127.0.0.1")), names.toString());
        assertEquals("EC", certificate.getPublicKey().getAlgorithm());
        assertEquals(TlsProvider.JDK, selfSigned.provider());
        certificate.checkValidity();
    }

    @Test
    void theKeyStoreHoldsTheKeyAndChainUnderTheAliasAndPassword() throws Exception {
        KeyStore store = selfSigned.keyStore();
        assertEquals(selfSigned.key(), store.getKey(ServerTls.ALIAS, selfSigned.password()));
        assertEquals(selfSigned.certificate(), store.getCertificate(ServerTls.ALIAS));
        KeyStore trust = selfSigned.trustStore();
        assertTrue(trust.isCertificateEntry(ServerTls.ALIAS));
        assertEquals(1, trust.size(), "the certificate only");
    }

    @Test
    void enginesOfferTls13And12OnlyAndAskNoClientCertificate() {
        SSLEngine engine = selfSigned.sslContext().createSSLEngine();
        engine.setUseClientMode(false);
        engine.setSSLParameters(selfSigned.parameters());
        assertArrayEquals(new String[] {"TLSv1.3", "TLSv1.2"}, engine.getEnabledProtocols());
        assertEquals(false, engine.getNeedClientAuth());
        assertEquals(false, engine.getWantClientAuth());
    }

    @Test
    void pemFilesAsNginxTakesThemGiveTheSameKeyAndChain(@TempDir Path dir) throws IOException {
        Path cert = dir.resolve("cert.pem");
        Path key = dir.resolve("key.pem");
        writePem(cert, "CERTIFICATE", encoded(selfSigned.certificate()));
        writePem(key, "PRIVATE KEY", selfSigned.key().getEncoded());
        ServerTls read = ServerTls.fromPem(cert, key);
        assertEquals(selfSigned.key(), read.key());
        assertEquals(selfSigned.chain(), read.chain());
    }

    @Test
    void aPemKeyInAnotherFormIsRefusedSayingHowToConvertIt(@TempDir Path dir) throws IOException {
        Path cert = dir.resolve("cert.pem");
        Path key = dir.resolve("key.pem");
        writePem(cert, "CERTIFICATE", encoded(selfSigned.certificate()));
        writePem(key, "EC PRIVATE KEY", new byte[] {1, 2, 3});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServerTls.fromPem(cert, key));
        assertTrue(
                e.getMessage().contains("'EC PRIVATE KEY'") && e.getMessage().contains("openssl pkcs8"),
                e.getMessage());
    }

    @Test
    void aCertificateFileWithoutACertificateIsRefusedNamingIt(@TempDir Path dir) throws IOException {
        Path cert = Files.writeString(dir.resolve("cert.pem"), "not a certificate\n");
        Path key = dir.resolve("key.pem");
        writePem(key, "PRIVATE KEY", selfSigned.key().getEncoded());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServerTls.fromPem(cert, key));
        assertTrue(e.getMessage().startsWith(cert.toString()), e.getMessage());
    }

    @Test
    void aPkcs12StoreReadsBackAndAWrongPasswordIsSaidSo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("server.p12");
        try (OutputStream out = Files.newOutputStream(file)) {
            selfSigned.keyStore().store(out, selfSigned.password());
        }
        assertEquals(
                selfSigned.key(),
                ServerTls.fromPkcs12(file, selfSigned.password()).key());
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ServerTls.fromPkcs12(file, "wrong".toCharArray()));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    }

    @Test
    void onlyNettyMayAskForOpenSsl() {
        selfSigned.requireJdkProvider("single-thread");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> selfSigned.withProvider(TlsProvider.OPENSSL).requireJdkProvider("single-thread"));
        assertEquals(
                "single-thread encrypts with the JDK's TLS only; --tls-provider openssl is netty's", e.getMessage());
        assertEquals(TlsProvider.OPENSSL, TlsProvider.byId("openssl"));
        assertEquals(
                "unknown TLS provider 'boring'; known: jdk, openssl",
                assertThrows(IllegalArgumentException.class, () -> TlsProvider.byId("boring"))
                        .getMessage());
    }

    @Test
    void aChainCannotBeEmpty() {
        assertThrows(IllegalArgumentException.class, () -> new ServerTls(selfSigned.key(), List.of(), TlsProvider.JDK));
    }

    private static byte[] encoded(X509Certificate certificate) {
        try {
            return certificate.getEncoded();
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new AssertionError(e);
        }
    }

    private static void writePem(Path file, String type, byte[] der) throws IOException {
        String base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der);
        Files.writeString(file, "-----BEGIN " + type + "-----\n" + base64 + "\n-----END " + type + "-----\n");
    }
}
