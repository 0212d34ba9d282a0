package io.httpmodels.load;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback listener on port 0 whose backlog is full and which never accepts: a connect to it hangs (the kernel
 * drops its SYN) until the client gives up on it, with no thread running here. What a {@link TestClock} needs to
 * time a connect out.
 */
final class FullListener implements AutoCloseable {

    private final ServerSocketChannel listener;
    private final InetSocketAddress address;
    private final List<SocketChannel> fillers = new ArrayList<>();

    /** Opens a listener with a backlog of one and connects to it until a connect does not complete at once. */
    FullListener() throws IOException {
        listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
        address = (InetSocketAddress) listener.getLocalAddress();
        try (Selector selector = Selector.open()) {
            while (true) {
                SocketChannel c = SocketChannel.open();
                c.configureBlocking(false);
                c.connect(address);
                c.register(selector, SelectionKey.OP_CONNECT);
                if (selector.selectNow() == 0) {
                    c.close();
                    return;
                }
                selector.selectedKeys().clear();
                c.finishConnect();
                fillers.add(c);
            }
        }
    }

    InetSocketAddress address() {
        return address;
    }

    @Override
    public void close() throws IOException {
        for (SocketChannel c : fillers) {
            c.close();
        }
        listener.close();
    }
}
