package io.httpmodels.harness.compare;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.tls.ServerTls;

import javax.net.ssl.SSLServerSocket;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A test-only model that serves {@code /plaintext} over TLS through the JDK's {@code SSLServerSocket} (plain HTTP
 * without {@link ServerConfig#tls()}), a virtual thread a connection: what the harness's TLS paths ({@code serve
 * --tls}, the tls profile) are tested against, apart from the models' own TLS.
 */
public final class TlsTestModel implements HttpServerModel {

    static final String NAME = "test-tls";

    private static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 13\r\n\r\n"
                    + "Hello, World!")
            .getBytes(StandardCharsets.US_ASCII);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "test only: /plaintext over the JDK's SSLServerSocket";
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        ServerSocket listener;
        if (config.tls().isPresent()) {
            ServerTls tls = config.tls().get();
            tls.requireJdkProvider(NAME);
            SSLServerSocket secure =
                    (SSLServerSocket) tls.sslContext().getServerSocketFactory().createServerSocket();
            secure.setSSLParameters(tls.parameters());
            listener = secure;
        } else {
            listener = new ServerSocket();
        }
        listener.bind(config.address().socketAddress(), 1024);
        int headerTimeoutMillis = Math.toIntExact(config.timeouts().header().toMillis());
        Thread acceptor = Thread.ofPlatform().name("test-tls-accept").daemon().start(() -> {
            while (!listener.isClosed()) {
                try {
                    Socket socket = listener.accept();
                    socket.setSoTimeout(headerTimeoutMillis); // bounds the handshake and every request head
                    Thread.ofVirtual().start(() -> serve(socket));
                } catch (IOException e) {
                    return; // closed
                }
            }
        });
        String what = config.tls().map(t -> "TLS (" + t.provider().id() + ")").orElse("plain");
        return new RunningServer() {
            @Override
            public InetSocketAddress address() {
                return (InetSocketAddress) listener.getLocalSocketAddress();
            }

            @Override
            public String description() {
                return "a virtual thread a connection, " + what;
            }

            @Override
            public void close() {
                try {
                    listener.close();
                    acceptor.join(5_000);
                } catch (IOException e) {
                    // closing anyway
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }

    /** Answers every request head with Hello, World! until the client closes or asks to. */
    private static void serve(Socket socket) {
        try (socket;
                BufferedReader in =
                        new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
                OutputStream out = socket.getOutputStream()) {
            while (true) {
                String line = in.readLine();
                if (line == null) {
                    return;
                }
                boolean close = false;
                while (line != null && !line.isEmpty()) {
                    close |= line.toLowerCase(Locale.ROOT).equals("connection: close");
                    line = in.readLine();
                }
                out.write(RESPONSE);
                out.flush();
                if (close || line == null) {
                    return;
                }
            }
        } catch (IOException e) {
            // the client went away, or its handshake or head was too slow
        }
    }
}
