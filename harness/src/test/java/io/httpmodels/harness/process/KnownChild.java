package io.httpmodels.harness.process;

import io.httpmodels.harness.control.ControlLoop;
import io.httpmodels.harness.control.ServerRestart;

import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.locks.LockSupport;

/**
 * A child process of known behaviour for the why figures' tests. It listens on a loopback port and prints
 * {@code known listening on http://127.0.0.1:PORT (known behaviour)}, as {@code httpmodels serve} does, so that
 * {@link ChildServer} starts it; answers its control channel with the server's own {@link ControlLoop} when
 * {@code HTTPMODELS_CONTROL=stdin}; and, for each line a test sends on a connection, starts a new thread that does
 * exactly what the line says and then ends (so every figure must keep threads that ended), and answers
 * {@code done} once that thread has ended:
 *
 * <pre>
 * sleep N     block and wake N times (parkNanos of 1 ms): N voluntary context switches
 * write N     N write(2) calls of one byte to /dev/null
 * alloc N     allocate N bytes on the heap, in 1 KiB arrays
 * spin MS     burn MS ms of its own CPU time, in its own code
 * contend MS  the same, while the connection's own thread (which stays) burns as much beside it: on one core,
 *             each waits about as long as the other runs
 * </pre>
 *
 * <p>Usage: {@code java KnownChild}
 */
public final class KnownChild {

    /** Where allocated arrays go, so the JIT cannot drop them. */
    static volatile Object sink;

    private KnownChild() {}

    public static void main(String[] args) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
            out.println("known listening on http://127.0.0.1:" + server.getLocalPort() + " (known behaviour)");
            out.flush();
            if ("stdin".equals(System.getenv("HTTPMODELS_CONTROL"))) {
                ControlLoop.start(System.in, out, "known", ServerRestart.NONE);
            }
            while (true) {
                Socket socket = server.accept();
                serve(socket);
            }
        }
    }

    private static void serve(Socket socket) throws IOException {
        try (socket;
                BufferedReader in =
                        new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
                PrintWriter reply = new PrintWriter(
                        new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8), true)) {
            String line;
            while ((line = in.readLine()) != null) {
                String[] words = line.trim().split(" ");
                long n = Long.parseLong(words[1]);
                boolean contend = words[0].equals("contend");
                Thread worker = new Thread(() -> work(contend ? "spin" : words[0], n), "known-" + words[0]);
                worker.start();
                if (contend) {
                    work("spin", n);
                }
                try {
                    worker.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                reply.println("done");
            }
        }
    }

    private static void work(String what, long n) {
        switch (what) {
            case "sleep" -> {
                for (long i = 0; i < n; i++) {
                    LockSupport.parkNanos(1_000_000L);
                }
            }
            case "write" -> {
                try (FileOutputStream devNull = new FileOutputStream("/dev/null")) {
                    for (long i = 0; i < n; i++) {
                        devNull.write(1); // unbuffered: one write(2) each
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }
            case "alloc" -> {
                for (long i = 0; i < n / 1024; i++) {
                    sink = new byte[1024 - 16]; // 16 bytes of array header
                }
            }
            case "spin" -> {
                ThreadMXBean threads = ManagementFactory.getThreadMXBean();
                long end = threads.getCurrentThreadCpuTime() + n * 1_000_000L;
                long x = 0;
                // The clock is a system call: read it every million steps (about half a millisecond), not every
                // 10,000 (a few µs), which made a fifth of the spin system time on a loaded host (2026-12-05).
                while (threads.getCurrentThreadCpuTime() < end) {
                    for (int i = 0; i < 1_000_000; i++) {
                        x += x ^ i;
                    }
                }
                sink = x;
            }
            default -> throw new IllegalArgumentException(what);
        }
    }
}
