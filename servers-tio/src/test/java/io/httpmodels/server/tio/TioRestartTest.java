package io.httpmodels.server.tio;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Three tio servers one after the other in one JVM each answer a raw request. t-io's default executors are
 * static and {@code TioServer.stop()} shuts them down, so with them the second server accepted and never
 * answered (the kits' 5 s read timeouts); the model gives each server its own executors.
 */
class TioRestartTest {

    @Test
    void eachServerStartedAfterAnotherClosedAnswers() throws IOException {
        for (int round = 0; round < 3; round++) {
            try (RunningServer server =
                    ServerModels.byName("tio").start(ServerConfig.defaults().withPort(0))) {
                String answer = exchange(server.port(), "GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n");
                assertTrue(answer.startsWith("HTTP/1.1 200 OK"), "round " + round + ": " + answer);
                assertTrue(answer.endsWith("Hello, World!"), "round " + round + ": " + answer);
            }
        }
    }

    private static String exchange(int port, String request) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[4096];
            int length = 0;
            while (length < buffer.length) {
                int n = in.read(buffer, length, buffer.length - length);
                if (n < 0) {
                    break;
                }
                length += n;
                String text = new String(buffer, 0, length, StandardCharsets.ISO_8859_1);
                if (text.endsWith("Hello, World!")) {
                    return text;
                }
            }
            return new String(buffer, 0, length, StandardCharsets.ISO_8859_1);
        }
    }
}
