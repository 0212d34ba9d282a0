package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The HTTP/2 attack kit still fails, and names what a server breaks: against a server written here to be vulnerable
 * ({@link VulnerableServer}, h2c on a raw socket, in this JVM), whose "resident set" is what it hoards, a PING flood
 * it keeps is seen to grow its memory, streams it never refuses are seen unlimited, and one thread serving one
 * connection at a time is seen to starve the bystanders.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
@Tag("bounds")
class Http2AttackKitSelfTest {

    /** The kit as a module would subclass it, attacking the vulnerable server. */
    private static final class Kit extends Http2AttackKit {
        private final boolean serial;
        private final Duration length;

        Kit(boolean serial, Duration length) {
            this.serial = serial;
            this.length = length;
        }

        @Override
        protected Stream<ModelUnderTest> models() {
            return Stream.empty(); // the test hands the kit its model
        }

        @Override
        protected Duration attackLength() {
            return length;
        }

        @Override
        protected Duration closeWait() {
            return Duration.ofMillis(200);
        }

        @Override
        protected Target start(ModelUnderTest model) throws IOException {
            return new VulnerableServer(serial);
        }
    }

    private static String failure(Kit kit, Http2Attack attack) throws IOException {
        try {
            return assertThrows(
                            AssertionError.class,
                            () -> kit.anHttp2AttackLeavesTheServerInBoundedMemoryServingOthers(
                                    ModelUnderTest.named("vulnerable"), attack))
                    .getMessage();
        } finally {
            kit.stopTargets();
        }
    }

    @Test
    void aServerThatKeepsAFloodIsSeenToGrowItsMemory() throws IOException {
        String failure = failure(new Kit(false, Duration.ofSeconds(5)), Http2Attack.PING_FLOOD);
        assertTrue(failure.contains("its resident set grew by "), failure);
        assertTrue(failure.contains("MEMORY_GREW"), failure);
    }

    @Test
    void aServerThatRefusesNoStreamIsSeenToHoldThemAll() throws IOException {
        String failure = failure(new Kit(false, Duration.ofSeconds(2)), Http2Attack.TOO_MANY_STREAMS);
        assertTrue(failure.contains("refused none of the streams"), failure);
        assertTrue(failure.contains("STREAMS_UNLIMITED"), failure);
    }

    @Test
    @Tag("slow") // a bystander must wait out its bound: 7 s
    void aServerThatServesOneConnectionAtATimeIsSeenToStarveTheBystanders() throws IOException {
        String failure = failure(new Kit(true, Duration.ofSeconds(7)), Http2Attack.PING_FLOOD);
        assertTrue(failure.contains("a bystander was not served"), failure);
        assertTrue(failure.contains("BYSTANDER_STARVED"), failure);
    }

    /**
     * An h2c server with none of the limits: it answers every request whose HEADERS end the stream with
     * {@code :status 200} and the plaintext body, refuses nothing, acknowledges nothing, and would keep every frame it
     * reads (its resident set, as the kit reads it, is what it has read; nothing is kept really). Serial, it serves one
     * connection at a time on one thread, reading a frame a millisecond, so a flood holds it for as long as it lasts;
     * else a thread a connection, at full speed.
     */
    private static final class VulnerableServer implements Http2AttackKit.Target {
        private final ServerSocket listener;
        private final boolean serial;
        private final AtomicLong hoardedBytes = new AtomicLong();
        private final List<Socket> connections = new ArrayList<>();

        VulnerableServer(boolean serial) throws IOException {
            this.serial = serial;
            listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread.ofPlatform().daemon().name("vulnerable-h2-accept").start(() -> {
                try {
                    while (true) {
                        Socket socket = listener.accept();
                        synchronized (connections) {
                            connections.add(socket);
                        }
                        if (serial) {
                            serve(socket);
                        } else {
                            Thread.ofPlatform().daemon().start(() -> serve(socket));
                        }
                    }
                } catch (IOException e) {
                    // closed
                }
            });
        }

        private void serve(Socket socket) {
            try (socket) {
                DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
                OutputStream out = socket.getOutputStream();
                in.readFully(new byte[Http2Frames.PREFACE.length]);
                out.write(Http2Frames.settings());
                out.flush();
                byte[] header = new byte[9];
                while (true) {
                    in.readFully(header);
                    int length = (header[0] & 0xff) << 16 | (header[1] & 0xff) << 8 | (header[2] & 0xff);
                    byte[] payload = new byte[length];
                    in.readFully(payload);
                    hoardedBytes.addAndGet(9 + length);
                    if (serial) {
                        Thread.sleep(1); // a slow server, not a wait for anything
                    }
                    int stream = Http2Frames.readInt(header, 5) & 0x7fffffff;
                    int flags = header[4] & 0xff;
                    if (header[3] == Http2Frames.HEADERS && (flags & Http2Frames.END_STREAM) != 0) {
                        out.write(Http2Frames.frame(
                                Http2Frames.HEADERS, Http2Frames.END_HEADERS, stream, new byte[] {(byte) 0x88}));
                        out.write(Http2Frames.frame(
                                Http2Frames.DATA,
                                Http2Frames.END_STREAM,
                                stream,
                                Workload.PLAINTEXT_BODY.getBytes(StandardCharsets.US_ASCII)));
                        out.flush();
                    }
                }
            } catch (IOException | InterruptedException e) {
                // the client went
            }
        }

        @Override
        public int port() {
            return listener.getLocalPort();
        }

        @Override
        public long rssKiB() {
            return hoardedBytes.get() / 1024;
        }

        @Override
        public long cpuMillis() {
            return 0;
        }

        @Override
        public boolean isAlive() {
            return true;
        }

        @Override
        public void close() throws IOException {
            listener.close();
            synchronized (connections) {
                for (Socket socket : connections) {
                    socket.close();
                }
            }
        }
    }
}
