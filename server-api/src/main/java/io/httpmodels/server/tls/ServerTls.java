package io.httpmodels.server.tls;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a model needs to serve HTTPS: its private key, its certificate chain, and which TLS implementation to use.
 * Every model takes its key material from here, in the form its server wants ({@link #keyStore()},
 * {@link #keyManagerFactory()}, {@link #sslContext()}, or the key and chain themselves), so that all of them
 * present the same certificate and offer the same protocols ({@link #PROTOCOLS}).
 *
 * <p>A model serving TLS must finish a handshake within the config's header deadline of accepting the connection,
 * or close it: a client that stops mid-handshake holds a connection no longer than one that stops mid-head.
 *
 * @param key      the server's private key (EC or RSA)
 * @param chain    its certificate first, then any intermediates
 * @param provider which implementation encrypts
 */
public record ServerTls(PrivateKey key, List<X509Certificate> chain, TlsProvider provider) {

    /** The protocols every model offers: TLS 1.3 and 1.2, as nginx's default. */
    public static final List<String> PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

    /** The alias and password of {@link #keyStore()}: an in-memory store, never written anywhere. */
    public static final String ALIAS = "server";

    private static final char[] PASSWORD = "httpmodels".toCharArray();

    private static final Pattern PEM_BLOCK =
            Pattern.compile("-----BEGIN ([A-Z ]+)-----\\s*([A-Za-z0-9+/=\\s]+?)-----END \\1-----");

    public ServerTls {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(provider, "provider");
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("a certificate chain needs at least the server's certificate");
        }
    }

    /**
     * The key and chain of two PEM files, as nginx's {@code ssl_certificate} and {@code ssl_certificate_key} take
     * them; the JDK provider.
     *
     * @param certificates one or more {@code CERTIFICATE} blocks, the server's first
     * @param privateKey   one unencrypted PKCS#8 {@code PRIVATE KEY} block (what {@code openssl genpkey} and
     *                     {@code openssl req -nodes} write)
     * @throws IllegalArgumentException naming the file and what is wrong with it
     * @throws IOException              when a file cannot be read
     */
    public static ServerTls fromPem(Path certificates, Path privateKey) throws IOException {
        List<X509Certificate> chain = readCertificates(certificates);
        return new ServerTls(readPrivateKey(privateKey, chain.get(0)), chain, TlsProvider.JDK);
    }

    /**
     * The key and chain of a PKCS#12 key store holding one private key entry; the JDK provider.
     *
     * @throws IllegalArgumentException when the store holds no private key or the password is wrong
     * @throws IOException              when the file cannot be read
     */
    public static ServerTls fromPkcs12(Path file, char[] password) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            for (String alias : java.util.Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias)) {
                    PrivateKey key = (PrivateKey) store.getKey(alias, password);
                    List<X509Certificate> chain = new ArrayList<>();
                    for (Certificate certificate : store.getCertificateChain(alias)) {
                        chain.add((X509Certificate) certificate);
                    }
                    return new ServerTls(key, chain, TlsProvider.JDK);
                }
            }
            throw new IllegalArgumentException(file + " holds no private key entry");
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read " + file + " as PKCS#12: " + e.getMessage(), e);
        } catch (IOException e) {
            if (e.getCause() instanceof java.security.UnrecoverableKeyException) {
                throw new IllegalArgumentException("cannot read " + file + ": wrong password", e);
            }
            throw e;
        }
    }

    /**
     * A fresh self-signed certificate for {@code localhost} and {@code 127.0.0.1}, made by the JDK's
     * {@code keytool}; the JDK provider. Clients must be told to trust it ({@code --insecure}, or
     * {@link #keyStore()} as their trust store).
     *
     * @see SelfSignedCertificate
     */
    public static ServerTls selfSigned() throws IOException {
        return SelfSignedCertificate.make();
    }

    /** The same key and chain, encrypted by {@code value}. */
    public ServerTls withProvider(TlsProvider value) {
        return new ServerTls(key, chain, value);
    }

    /** The server's own certificate. */
    public X509Certificate certificate() {
        return chain.get(0);
    }

    /** An in-memory PKCS#12 store with the key and chain under {@link #ALIAS}, password {@link #password()}. */
    public KeyStore keyStore() {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(ALIAS, key, PASSWORD, chain.toArray(new Certificate[0]));
            return store;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot build an in-memory key store: " + e, e);
        }
    }

    /** A store holding only the certificate, for a client that should trust this server and no other. */
    public KeyStore trustStore() {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setCertificateEntry(ALIAS, certificate());
            return store;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot build an in-memory trust store: " + e, e);
        }
    }

    /** The password of {@link #keyStore()} and of its key entry (a copy). */
    public char[] password() {
        return PASSWORD.clone();
    }

    /** Key managers over {@link #keyStore()}. */
    public KeyManagerFactory keyManagerFactory() {
        try {
            KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            factory.init(keyStore(), PASSWORD);
            return factory;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot build key managers: " + e, e);
        }
    }

    /**
     * A JDK server context with these keys. Engines and sockets made from it still need {@link #parameters()}
     * applied, so that they offer {@link #PROTOCOLS} only.
     */
    public SSLContext sslContext() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManagerFactory().getKeyManagers(), null, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot build a TLS context: " + e, e);
        }
    }

    /** Server-side parameters: {@link #PROTOCOLS}, no client certificate asked for. */
    public SSLParameters parameters() {
        SSLParameters parameters = sslContext().getDefaultSSLParameters();
        parameters.setProtocols(PROTOCOLS.toArray(new String[0]));
        parameters.setNeedClientAuth(false);
        parameters.setWantClientAuth(false);
        return parameters;
    }

    /**
     * Rejects {@link TlsProvider#OPENSSL} for a model that has only the JDK's: call it first thing in
     * {@code start}.
     *
     * @throws IllegalArgumentException naming the model
     */
    public void requireJdkProvider(String model) {
        if (provider != TlsProvider.JDK) {
            throw new IllegalArgumentException(
                    model + " encrypts with the JDK's TLS only; --tls-provider " + provider.id() + " is netty's");
        }
    }

    @Override
    public String toString() {
        return "ServerTls[" + certificate().getSubjectX500Principal().getName() + ", " + provider.id() + "]";
    }

    private static List<X509Certificate> readCertificates(Path file) throws IOException {
        List<X509Certificate> chain = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file)) {
            Collection<? extends Certificate> read =
                    CertificateFactory.getInstance("X.509").generateCertificates(in);
            for (Certificate certificate : read) {
                chain.add((X509Certificate) certificate);
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(file + " is not a PEM certificate chain: " + e.getMessage(), e);
        }
        if (chain.isEmpty()) {
            throw new IllegalArgumentException(file + " holds no certificate");
        }
        return chain;
    }

    private static PrivateKey readPrivateKey(Path file, X509Certificate certificate) throws IOException {
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        Matcher block = PEM_BLOCK.matcher(text);
        if (!block.find()) {
            throw new IllegalArgumentException(file + " holds no PEM block");
        }
        if (!"PRIVATE KEY".equals(block.group(1))) {
            throw new IllegalArgumentException(file + " holds a '" + block.group(1)
                    + "' block; give an unencrypted PKCS#8 'PRIVATE KEY' (openssl pkcs8 -topk8 -nocrypt converts)");
        }
        byte[] der = Base64.getMimeDecoder().decode(block.group(2));
        String algorithm = certificate.getPublicKey().getAlgorithm();
        try {
            return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(
                    file + " is not a " + algorithm + " private key matching the certificate: " + e.getMessage(), e);
        }
    }
}
