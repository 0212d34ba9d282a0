package io.httpmodels.server.jetty;

import org.eclipse.jetty.io.SelectorManager;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Brings Jetty's acceptor out of {@code accept()} before {@code Server.stop()}, so that the stop loses no connection
 * the kernel had already completed: it connects once to the server and waits until Jetty has handed that connection
 * to its selector ({@link SelectorManager.AcceptListener#onAccepted}). The acceptor takes connections in the order
 * the kernel completed them, so by then every earlier one is registered with the selector too, and the stop's
 * {@code CloseConnections} closes it.
 *
 * <p>Why: {@code Server.stop()} alone, as Jetty 12.1.14 does it, can leave a connection opened just before it open
 * for good, in two ways, both read in Jetty's and the JDK's sources:
 *
 * <ul>
 *   <li>{@code ServerConnector.doStop} closes the accept channel and then interrupts the acceptor
 *       ({@code AbstractConnector.interruptAcceptors}). An acceptor the kernel has just given a connection, still
 *       inside {@code ServerSocketChannelImpl.accept}, then throws {@code ClosedByInterruptException} from
 *       {@code end(completed)} although the accept completed, and the new descriptor is never wrapped nor closed
 *       (JDK 25): Jetty never sees the connection, and nothing closes it until the JVM exits.
 *   <li>An acceptor a moment later hands its connection to a {@code ManagedSelector} whose stop has already run
 *       {@code CloseConnections}: the connection is registered (or only queued, once the selector has stopped)
 *       after the last sweep that would close it.
 * </ul>
 *
 * Jetty documents {@code Server.stop()} (or a graceful stop, which interrupts the acceptor the same way) and no
 * step before it; waking the acceptor with a connection of one's own is what Tomcat's own stop does
 * ({@code AbstractEndpoint.unlockAccept}). It changes nothing a measurement sees, only the stop.
 *
 * <p>Thread-safe: Jetty calls the listener from its acceptor and pool threads.
 */
final class AcceptorFlush implements SelectorManager.AcceptListener {

    private volatile Waiting waiting;

    /** A connection this flush made and waits for Jetty to have accepted, by the client's port. */
    private record Waiting(int clientPort, CountDownLatch accepted) {}

    /**
     * Connects to {@code address} and returns once Jetty has handed that connection to a selector, or after
     * {@code bound} if it never does (a stopped acceptor); the connection is then closed.
     */
    void flush(InetSocketAddress address, Duration bound) {
        InetAddress host =
                address.getAddress().isAnyLocalAddress() ? InetAddress.getLoopbackAddress() : address.getAddress();
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(host, 0));
            Waiting wait = new Waiting(socket.getLocalPort(), new CountDownLatch(1));
            waiting = wait;
            socket.connect(new InetSocketAddress(host, address.getPort()), (int) bound.toMillis());
            wait.accepted().await(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            // not listening any more: nothing left to flush
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            waiting = null;
        }
    }

    @Override
    public void onAccepted(SelectableChannel channel) {
        Waiting wait = waiting;
        if (wait != null && remotePort(channel) == wait.clientPort()) {
            wait.accepted().countDown();
        }
    }

    private static int remotePort(SelectableChannel channel) {
        try {
            SocketAddress remote = channel instanceof SocketChannel socket ? socket.getRemoteAddress() : null;
            return remote instanceof InetSocketAddress inet ? inet.getPort() : -1;
        } catch (IOException e) {
            return -1;
        }
    }
}
