package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The HTTP/2 conformance kit still passes what keeps a rule and fails what breaks one, naming how: against a server
 * written here to keep only the handshake ({@link LaxServer}, h2c on a raw socket, in this JVM), which answers every
 * request 200 with a 200-byte body whatever its window, and every frame it does not know with GOAWAY NO_ERROR.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class Http2ConformanceKitSelfTest {

    private static final ModelUnderTest LAX = ModelUnderTest.named("lax");

    /** The kit as a module would subclass it, connecting to the lax server. */
    private static final class Kit extends Http2ConformanceKit {
        @Override
        protected Stream<ModelUnderTest> models() {
            return Stream.empty(); // the test hands the kit its model
        }

        @Override
        protected Target start(ModelUnderTest model) throws IOException {
            LaxServer server = new LaxServer();
            return new Target() {
                @Override
                public int port() {
                    return server.socket.getLocalPort();
                }

                @Override
                public void close() throws IOException {
                    server.socket.close();
                }
            };
        }
    }

    private final Kit kit = new Kit();

    @AfterEach
    void stop() throws Exception {
        kit.stopTargets();
    }

    @Test
    void aServerThatKeepsTheHandshakeAndPingPasses() throws Exception {
        kit.theServersFirstFrameIsSettings(LAX);
        kit.theClientsSettingsAreAcknowledged(LAX);
        kit.aPingIsAnsweredWithAnAckEchoingItsPayload(LAX);
    }

    @Test
    void aConnectionErrorWithTheWrongCodeFails() {
        AssertionError failure = assertThrows(
                AssertionError.class, () -> kit.settingsOnAStreamIsAConnectionErrorOfTypeProtocolError(LAX));
        assertTrue(failure.getMessage().contains("GOAWAY's code NO_ERROR"), failure.getMessage());
    }

    @Test
    void aMalformedRequestServedFails() {
        AssertionError failure = assertThrows(
                AssertionError.class,
                () -> kit.aMalformedRequestIsAStreamErrorOfTypeProtocolError(
                        LAX, Http2ConformanceKit.MalformedRequest.UPPERCASE_FIELD_NAME));
        assertTrue(failure.getMessage().contains("the server answered the stream"), failure.getMessage());
        assertTrue(failure.getMessage().contains(":status 200"), failure.getMessage());
    }

    @Test
    void dataPastTheWindowFails() {
        AssertionError failure =
                assertThrows(AssertionError.class, () -> kit.theServerSendsNoMoreDataThanTheClientsWindow(LAX));
        assertTrue(failure.getMessage().contains("within 16 bytes"), failure.getMessage());
    }

    @Test
    void aHuffmanCodedStatusIsRead() {
        // "400" Huffman-coded: 011010 00000 00000, two bytes exactly
        assertEquals(" :status 400", Http2ConformanceKit.status(new byte[] {0x48, (byte) 0x82, 0x68, 0x00}));
        assertEquals(" :status 200", Http2ConformanceKit.status(new byte[] {(byte) 0x88}));
        assertEquals(" :status 404", Http2ConformanceKit.status(new byte[] {0x48, 0x03, '4', '0', '4'}));
        // after a dynamic table size update to 4,096 (0x3f, then 4,065 in 7-bit groups)
        assertEquals(" :status 400", Http2ConformanceKit.status(new byte[] {0x3f, (byte) 0xe1, 0x1f, (byte) 0x8c}));
    }

    /**
     * h2c that keeps only the handshake: SETTINGS first, SETTINGS and PING acknowledged; a HEADERS or DATA frame that
     * ends a stream answered 200 with 200 bytes in one DATA frame, ignoring the client's window; every other frame
     * answered GOAWAY NO_ERROR, then the close. A thread a connection, each ending with its socket.
     */
    private static final class LaxServer {
        final ServerSocket socket;

        LaxServer() throws IOException {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread.ofPlatform().daemon().name("lax-h2c-accept").start(this::accept);
        }

        private void accept() {
            while (!socket.isClosed()) {
                try {
                    Socket connection = socket.accept();
                    Thread.ofPlatform().daemon().name("lax-h2c").start(() -> serve(connection));
                } catch (IOException e) {
                    return;
                }
            }
        }

        private static void serve(Socket connection) {
            try (connection) {
                DataInputStream in = new DataInputStream(connection.getInputStream());
                OutputStream out = connection.getOutputStream();
                in.readFully(new byte[Http2Frames.PREFACE.length]);
                out.write(Http2Frames.settings());
                byte[] header = new byte[9];
                while (true) {
                    in.readFully(header);
                    int length = (header[0] & 0xff) << 16 | (header[1] & 0xff) << 8 | (header[2] & 0xff);
                    int type = header[3] & 0xff;
                    int flags = header[4] & 0xff;
                    int streamId = Http2Frames.readInt(header, 5) & 0x7fffffff;
                    byte[] payload = new byte[length];
                    in.readFully(payload);
                    boolean ack = (flags & Http2Frames.ACK) != 0;
                    if (type == Http2Frames.SETTINGS && streamId == 0) {
                        if (!ack) {
                            out.write(Http2Frames.settingsAck());
                        }
                    } else if (type == Http2Frames.PING && !ack) {
                        out.write(Http2Frames.frame(Http2Frames.PING, Http2Frames.ACK, 0, payload));
                    } else if ((type == Http2Frames.HEADERS || type == Http2Frames.DATA)
                            && (flags & Http2Frames.END_STREAM) != 0) {
                        out.write(Http2Frames.frame(
                                Http2Frames.HEADERS, Http2Frames.END_HEADERS, streamId, new byte[] {(byte) 0x88}));
                        out.write(Http2Frames.frame(Http2Frames.DATA, Http2Frames.END_STREAM, streamId, new byte[200]));
                    } else if (type != Http2Frames.HEADERS && type != Http2Frames.WINDOW_UPDATE) {
                        byte[] goaway = new byte[8];
                        out.write(Http2Frames.frame(Http2Frames.GOAWAY, 0, 0, goaway));
                        return;
                    }
                    out.flush();
                }
            } catch (IOException e) {
                // the client has gone: this connection's end
            }
        }
    }
}
