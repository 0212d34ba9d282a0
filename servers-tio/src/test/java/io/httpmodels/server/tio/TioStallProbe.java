package io.httpmodels.server.tio;

import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A probe, not a test (docs/model-notes/tio.md, "Leak kit"): the leak kit's load against the tio model in this
 * JVM, stopping at its first failure, after {@code args[0]} requests or {@code args[1]} seconds. On a failure it
 * prints the threads in t-io's and the JDK's AIO code, the server channel's fields, the group's epoll set from
 * {@code /proc}, {@code ss} for the port, and whether a fresh request is answered; run it with
 * {@code --add-opens java.base/sun.nio.ch=ALL-UNNAMED} for the fields. Exit status 3 when the server stopped
 * answering. An optional {@code args[2]}: seconds to keep the JVM after the load, for {@code jstack}.
 */
public final class TioStallProbe {

    public static void main(String[] args) throws Exception {
        int requests = Integer.parseInt(args[0]);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.parseLong(args[1]));
        RunningServer server = new TioServer()
                .start(ServerConfig.defaults()
                        .withPort(0)
                        .withIdleTimeout(java.time.Duration.ofMillis(500))
                        .withMaxHeaderBytes(4096)
                        .withMaxBodyBytes(64 * 1024));
        int port = server.port();
        System.out.println("port " + port + " pid " + ProcessHandle.current().pid());
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> clients = new ArrayList<>();
        long start = System.nanoTime();
        for (int t = 0; t < 4; t++) {
            clients.add(Thread.ofPlatform().name("probe-client-" + t).start(() -> {
                for (int i;
                        failure.get() == null
                                && System.nanoTime() < deadline
                                && (i = next.getAndIncrement()) < requests; ) {
                    try {
                        RawHttpConnection.plaintextOnShortConnection(port, i);
                        done.incrementAndGet();
                    } catch (IOException | RuntimeException e) {
                        if (failure.compareAndSet(null, e)) {
                            System.out.println("FAILED at request " + i + " after " + done.get() + " answered, "
                                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms: " + e);
                            dump();
                            inspect(server, port);
                        }
                    }
                }
            }));
        }
        for (Thread client : clients) {
            client.join();
        }
        System.out.println((failure.get() == null ? "PASSED " : "STALLED ") + done.get() + " answered in "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
        if (args.length > 2) {
            // keep the JVM for an external jstack
            Thread.sleep(Long.parseLong(args[2]) * 1000);
        }
        server.close();
        System.exit(failure.get() == null ? 0 : 3);
    }

    static void inspect(RunningServer server, int port) {
        try {
            java.lang.reflect.Method starter = server.getClass().getDeclaredMethod("starter");
            starter.setAccessible(true);
            org.tio.http.server.HttpServerStarter s = (org.tio.http.server.HttpServerStarter) starter.invoke(server);
            Object channel = s.getTioServer().getServerSocketChannel();
            for (Class<?> c = channel.getClass(); c != null; c = c.getSuperclass()) {
                for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                    if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                        continue;
                    }
                    if (!f.trySetAccessible()) {
                        continue;
                    }
                    System.out.println(
                            "server channel " + c.getSimpleName() + "." + f.getName() + " = " + f.get(channel));
                }
            }
            epollInfo();
            try {
                System.out.println(
                        Class.forName("sun.nio.ch.Diag").getMethod("dump").invoke(null));
            } catch (ClassNotFoundException e) {
                System.out.println("no Diag");
            }
            var config = s.getTioServer().getTioServerConfig();
            System.out.println("connections " + config.connections.size() + ", groupExecutor " + config.groupExecutor
                    + ", tioExecutor " + config.tioExecutor);
            Process ss = new ProcessBuilder("ss", "-tan", "( sport = :" + port + " or dport = :" + port + " )")
                    .redirectErrorStream(true)
                    .start();
            System.out.println(new String(ss.getInputStream().readAllBytes()));
            // a fresh connection, 2 s on
            try (RawHttpConnection client = new RawHttpConnection(port, 2000)) {
                System.out.println("fresh request: "
                        + client.send("GET /plaintext HTTP/1.1\r\nHost: x\r\n\r\n")
                                .read()
                                .statusLine());
            } catch (IOException e) {
                System.out.println("fresh request: " + e);
            }
            Process ss2 = new ProcessBuilder("ss", "-tan", "( sport = :" + port + " or dport = :" + port + " )")
                    .redirectErrorStream(true)
                    .start();
            System.out.println(new String(ss2.getInputStream().readAllBytes()));
        } catch (Exception e) {
            e.printStackTrace(System.out);
        }
    }

    static void epollInfo() throws IOException {
        try (var fds = java.nio.file.Files.list(java.nio.file.Path.of("/proc/self/fd"))) {
            for (java.nio.file.Path fd : fds.toList()) {
                String target;
                try {
                    target = java.nio.file.Files.readSymbolicLink(fd).toString();
                } catch (IOException e) {
                    continue;
                }
                if (target.contains("eventpoll")) {
                    List<String> info = java.nio.file.Files.readAllLines(
                            java.nio.file.Path.of("/proc/self/fdinfo/" + fd.getFileName()));
                    System.out.println("epoll fd " + fd.getFileName() + ": " + info.size() + " lines");
                    for (String line : info) {
                        System.out.println("  " + line);
                    }
                }
            }
        }
    }

    static void dump() {
        Map<Thread, StackTraceElement[]> all = Thread.getAllStackTraces();
        int group = 0;
        int worker = 0;
        for (Map.Entry<Thread, StackTraceElement[]> e : all.entrySet()) {
            String name = e.getKey().getName();
            if (name.startsWith("tio-group")) {
                group++;
            } else if (name.startsWith("tio-worker")) {
                worker++;
            }
            boolean interesting = !name.startsWith("tio-group") && !name.startsWith("tio-worker");
            for (StackTraceElement s : e.getValue()) {
                String c = s.getClassName();
                if (c.startsWith("sun.nio.ch") || c.startsWith("org.tio")) {
                    interesting = true;
                }
            }
            if (interesting) {
                System.out.println("--- " + name + " " + e.getKey().getState());
                for (StackTraceElement s : e.getValue()) {
                    System.out.println("    at " + s);
                }
            }
        }
        System.out.println("tio-group threads " + group + ", tio-worker threads " + worker);
    }
}
