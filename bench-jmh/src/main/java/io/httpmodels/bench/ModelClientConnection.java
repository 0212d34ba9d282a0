package io.httpmodels.bench;

import io.httpmodels.load.ResponseParser;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;

/**
 * One benchmark thread's keep-alive connection to the model under test: a blocking socket, the request bytes
 * and the load client's {@link ResponseParser}, all set up once per trial so a round trip allocates nothing on
 * the client side.
 *
 * <p>Every read waits at most {@link #TIMEOUT_MILLIS}: a model that leaves the connection unserved fails the
 * round trip with a {@link RoundTripTimeoutException} instead of hanging the benchmark.
 *
 * <p>JMH state, one per thread ({@link Scope#Thread}): not thread-safe.
 */
@State(Scope.Thread)
public class ModelClientConnection {

    /** How long a round trip may wait for bytes before it fails, in milliseconds. */
    public static final int TIMEOUT_MILLIS = 5_000;

    private final byte[] request = TechEmpowerRequests.get("/plaintext");
    private final byte[] readBuffer = new byte[8192];
    private final ByteBuffer readView = ByteBuffer.wrap(readBuffer);
    private final ResponseParser parser = new ResponseParser(new long[ResponseParser.STATUS_CODES]);

    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private String what;
    private int timeoutMillis;

    /** Connects to the trial's server; JMH calls it once per thread and trial. */
    @Setup(Level.Trial)
    public void open(ServerModelBenchmark benchmark, ThreadParams thread) throws IOException {
        open(
                benchmark.port(),
                benchmark.description() + ", connection " + (thread.getThreadIndex() + 1) + " of "
                        + thread.getThreadCount(),
                TIMEOUT_MILLIS);
    }

    /**
     * Connects to {@code port} on loopback.
     *
     * @param what          names the server and this connection in error messages
     * @param timeoutMillis the longest wait for a connect or for the next bytes of a response
     */
    void open(int port, String what, int timeoutMillis) throws IOException {
        this.what = what;
        this.timeoutMillis = timeoutMillis;
        socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            in = socket.getInputStream();
            out = socket.getOutputStream();
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        if (socket != null) {
            socket.close();
        }
    }

    /**
     * Sends one request and reads its whole response.
     *
     * @return the response's size in bytes
     * @throws RoundTripTimeoutException if the server sent nothing for the timeout
     * @throws IOException               if the connection fails or closes, or the answer is not a 2xx/3xx
     */
    public int roundTrip() throws IOException {
        out.write(request);
        int received = 0;
        while (true) {
            int n;
            try {
                n = in.read(readBuffer);
            } catch (SocketTimeoutException e) {
                throw new RoundTripTimeoutException(what, timeoutMillis, e);
            }
            if (n < 0) {
                throw new IOException(what + ": the server closed the connection");
            }
            received += n;
            readView.clear().limit(n);
            int completed = parser.feed(readView);
            if (parser.isMalformed()) {
                throw new IOException(what + ": malformed response: " + parser.malformedReason());
            }
            if (completed > 0) {
                if (completed != 1 || parser.takeErrorResponses() != 0 || parser.closeRequested()) {
                    throw new IOException(what + ": expected one successful keep-alive response, got " + completed
                            + (parser.closeRequested() ? " closing the connection" : " with an error status"));
                }
                return received;
            }
        }
    }
}
