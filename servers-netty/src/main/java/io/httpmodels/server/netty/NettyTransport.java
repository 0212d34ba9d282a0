package io.httpmodels.server.netty;

import io.httpmodels.server.ServerConfig;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The I/O transports the netty model can run on: the JDK's NIO selector everywhere, and on Linux the native
 * epoll and io_uring transports when their libraries load and the kernel (or a container's seccomp profile)
 * allows them.
 *
 * <p>{@link #select(String)} maps {@link ServerConfig#transport()} to a transport: {@code auto} takes the first
 * available of io_uring, epoll, NIO; a named transport must be available or the call fails with the reason.
 * Thread-safe: availability is probed once per JVM by Netty itself.
 */
public enum NettyTransport {
    /** The JDK's selector-based transport: portable, one more copy and more allocation than the native ones. */
    NIO("nio") {
        @Override
        public Throwable unavailabilityCause() {
            return null;
        }

        @Override
        IoHandlerFactory ioHandlerFactory() {
            return NioIoHandler.newFactory();
        }

        @Override
        Class<? extends ServerChannel> serverChannelClass() {
            return NioServerSocketChannel.class;
        }
    },
    /** Netty's native epoll transport (Linux, edge-triggered, gathering writes with writev). */
    EPOLL("epoll") {
        @Override
        public Throwable unavailabilityCause() {
            return Epoll.isAvailable() ? null : Epoll.unavailabilityCause();
        }

        @Override
        IoHandlerFactory ioHandlerFactory() {
            return EpollIoHandler.newFactory();
        }

        @Override
        Class<? extends ServerChannel> serverChannelClass() {
            return EpollServerSocketChannel.class;
        }
    },
    /** Netty's native io_uring transport (Linux 5.14+, submission and completion rings instead of readiness). */
    IO_URING("io_uring") {
        @Override
        public Throwable unavailabilityCause() {
            return IoUring.isAvailable() ? null : IoUring.unavailabilityCause();
        }

        @Override
        IoHandlerFactory ioHandlerFactory() {
            return IoUringIoHandler.newFactory();
        }

        @Override
        Class<? extends ServerChannel> serverChannelClass() {
            return IoUringServerSocketChannel.class;
        }
    };

    /** The preference order of {@code auto}: best first. */
    private static final NettyTransport[] AUTO_ORDER = {IO_URING, EPOLL, NIO};

    private final String id;

    NettyTransport(String id) {
        this.id = id;
    }

    /** The name {@link ServerConfig#transport()} and the CLI's {@code --server-transport} use: nio, epoll, io_uring. */
    public String id() {
        return id;
    }

    /** Whether this transport can run in this JVM on this machine. */
    public boolean isAvailable() {
        return unavailabilityCause() == null;
    }

    /** Why this transport cannot run here, or {@code null} if it can. */
    public abstract Throwable unavailabilityCause();

    /** A new factory of this transport's I/O handlers, one per event loop. */
    abstract IoHandlerFactory ioHandlerFactory();

    /** The listening channel class that matches {@link #ioHandlerFactory()}. */
    abstract Class<? extends ServerChannel> serverChannelClass();

    /** The transports available here, in {@code auto}'s preference order. */
    public static List<NettyTransport> available() {
        List<NettyTransport> available = new ArrayList<>();
        for (NettyTransport transport : AUTO_ORDER) {
            if (transport.isAvailable()) {
                available.add(transport);
            }
        }
        return available;
    }

    /**
     * The transport {@code name} asks for: {@code auto} (the best available), {@code nio}, {@code epoll} or
     * {@code io_uring} (also spelled {@code iouring} or {@code io-uring}); case-insensitive.
     *
     * @throws IllegalArgumentException if the name is unknown, or names a transport that cannot run here
     */
    public static NettyTransport select(String name) {
        String key = name.trim().toLowerCase(Locale.ROOT).replace('-', '_');
        if (key.equals(ServerConfig.AUTO_TRANSPORT)) {
            for (NettyTransport transport : AUTO_ORDER) {
                if (transport.isAvailable()) {
                    return transport;
                }
            }
            return NIO;
        }
        if (key.equals("iouring")) {
            key = IO_URING.id;
        }
        for (NettyTransport transport : values()) {
            if (transport.id.equals(key)) {
                Throwable cause = transport.unavailabilityCause();
                if (cause != null) {
                    throw new IllegalArgumentException(
                            "netty transport '" + transport.id + "' is not available here: " + cause, cause);
                }
                return transport;
            }
        }
        throw new IllegalArgumentException("unknown netty transport '" + name + "'; known: auto, nio, epoll, io_uring");
    }
}
