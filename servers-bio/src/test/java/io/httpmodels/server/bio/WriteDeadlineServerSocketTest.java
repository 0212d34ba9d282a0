package io.httpmodels.server.bio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** The write deadline of the blocking models' accepted sockets. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WriteDeadlineServerSocketTest {

    private static final Duration WRITE_TIMEOUT = Duration.ofMillis(300);

    @Test
    void aWriteToAPeerThatNeverReadsEndsWithinTheTimeout() throws IOException {
        try (WriteDeadlineServerSocket server = new WriteDeadlineServerSocket(WRITE_TIMEOUT, "test-write-deadline")) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            try (Socket client = new Socket();
                    Socket accepted = connect(server, client)) {
                OutputStream out = accepted.getOutputStream();
                byte[] block = new byte[1 << 20];
                long start = System.nanoTime();
                // The client never reads: once the buffers are full, a write blocks until the watchdog closes it.
                assertThrows(SocketException.class, () -> {
                    for (int i = 0; i < 1_000; i++) {
                        out.write(block);
                    }
                });
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertTrue(millis >= WRITE_TIMEOUT.toMillis(), "gave up after " + millis + " ms");
                assertTrue(accepted.isClosed());
            }
        }
    }

    /**
     * The reader pauses 30 ms every 256 KiB, so that the call lasts longer than the deadline; what the deadline must
     * not cut is a pause of the peer's. On a loaded two-core host a 30 ms pause became more than 300 ms (the reader,
     * or the writer it waits for, not run), which the deadline rightly took for a stall: the deadline here is a
     * second, and the longest pause the reader saw is in the message.
     */
    @Test
    void aPeerThatReadsSlowlyButSteadilyIsNotCut() throws Exception {
        Duration deadline = Duration.ofSeconds(1);
        try (WriteDeadlineServerSocket server = new WriteDeadlineServerSocket(deadline, "test-write-deadline")) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            try (Socket client = new Socket();
                    Socket accepted = connect(server, client)) {
                // Four times the kernel's largest send buffer here in one write call, read at a pace that makes the
                // call last longer than the deadline: each slice that goes is progress, so it must not be cut.
                byte[] data = new byte[16 << 20];
                AtomicLong received = new AtomicLong();
                AtomicLong longestPause = new AtomicLong();
                Thread reader = Thread.ofPlatform().start(() -> {
                    try {
                        byte[] sink = new byte[64 * 1024];
                        long sincePause = 0;
                        long last = System.nanoTime();
                        for (int n;
                                received.get() < data.length
                                        && (n = client.getInputStream().read(sink)) >= 0; ) {
                            long now = System.nanoTime();
                            longestPause.accumulateAndGet(now - last, Math::max);
                            last = now;
                            received.addAndGet(n);
                            sincePause += n;
                            if (sincePause >= 256 * 1024) {
                                sincePause = 0;
                                TimeUnit.MILLISECONDS.sleep(30); // the client's pace
                            }
                        }
                    } catch (IOException | InterruptedException e) {
                        // the assertions below report it
                    }
                });
                long start = System.nanoTime();
                accepted.getOutputStream().write(data);
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                reader.join(TimeUnit.SECONDS.toMillis(20));
                String pause = " (the reader's longest pause: " + longestPause.get() / 1_000_000 + " ms)";
                assertEquals(data.length, received.get(), "the slow reader got everything" + pause);
                assertTrue(millis > deadline.toMillis(), "the write took " + millis + " ms: too fast to show anything");
                assertTrue(!accepted.isClosed(), "a peer that keeps reading was cut off" + pause);
            }
        }
    }

    private static Socket connect(WriteDeadlineServerSocket server, Socket client) throws IOException {
        client.setReceiveBufferSize(4096);
        client.connect(server.getLocalSocketAddress(), 5_000);
        return server.accept();
    }
}
