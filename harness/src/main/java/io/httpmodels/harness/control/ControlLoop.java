package io.httpmodels.harness.control;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The server's end of the control channel ({@link ControlProtocol}): one daemon thread that reads requests from
 * the server's standard input and answers each on its standard output. It sleeps in a blocking read between
 * requests, so a server pays nothing for it while it serves.
 *
 * <pre>{@code
 * ControlLoop.start(System.in, out, "netty");   // after the listening line
 * }</pre>
 */
public final class ControlLoop implements Runnable {

    private final InputStream in;
    private final PrintWriter out;
    private final CarrierPinningRecorder pinning;
    private final JvmStatsReader stats;
    private final FlameGraphProfiler profiler;
    private final ServerRestart restart;

    ControlLoop(
            InputStream in, PrintWriter out, String serverName, ServerRestart restart, CarrierPinningRecorder pinning) {
        this.in = in;
        this.pinning = pinning;
        this.stats = new JvmStatsReader(pinning);
        this.out = out;
        this.profiler = new FlameGraphProfiler(serverName);
        this.restart = restart;
    }

    /**
     * Starts answering requests from {@code in} on {@code out} (which others may write to: each answer is one
     * {@code println} under {@code out}'s lock) until {@code in} ends.
     *
     * @param serverName what the server is called, for its flame graphs' titles
     * @param restart    what {@link ControlProtocol#RESTART} does ({@link ServerRestart#NONE}: refuses it)
     * @return the thread, a daemon
     */
    public static Thread start(InputStream in, PrintWriter out, String serverName, ServerRestart restart) {
        Thread thread = new Thread(
                new ControlLoop(in, out, serverName, restart, new CarrierPinningRecorder()), "httpmodels-control");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    @Override
    public void run() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.isBlank()) {
                    String answer = ControlProtocol.line(answer(line.trim()));
                    synchronized (out) {
                        out.println(answer);
                        out.flush();
                    }
                }
            }
        } catch (IOException e) {
            // The harness closed our input: nobody is asking any more.
        }
    }

    /** The answer to one request line. */
    ControlReply answer(String line) {
        String[] words = line.split(" ", 3);
        long id;
        try {
            id = words.length > 1 ? Long.parseLong(words[1]) : -1;
        } catch (NumberFormatException e) {
            return error(-1, "not an id: " + words[1]);
        }
        String argument = words.length > 2 ? words[2] : null;
        try {
            return switch (words[0]) {
                case ControlProtocol.STATS -> new ControlReply(id, ControlReply.STATS, stats.read(), null, null);
                case ControlProtocol.PROFILER_LOAD ->
                    new ControlReply(id, ControlReply.PROFILER, null, null, profiler.load());
                case ControlProtocol.PROFILER_START ->
                    argument == null
                            ? error(id, "profiler-start wants an event")
                            : new ControlReply(id, ControlReply.PROFILER, null, profiler.start(argument), null);
                case ControlProtocol.PROFILER_STOP ->
                    argument == null
                            ? error(id, "profiler-stop wants a file")
                            : new ControlReply(id, ControlReply.PROFILER, null, profiler.stop(Path.of(argument)), null);
                case ControlProtocol.RESTART -> restarted(id, argument);
                case ControlProtocol.PINNING_START ->
                    new ControlReply(id, ControlReply.PINNING, null, null, pinning.start());
                default -> error(id, "unknown request: " + words[0]);
            };
        } catch (IOException | RuntimeException | LinkageError e) {
            // The profiler's library may not load (another OS, a missing jar): the answer says so.
            return error(id, words[0] + " failed: " + e);
        }
    }

    private ControlReply restarted(long id, String workMillis) throws IOException {
        int millis;
        try {
            millis = workMillis == null ? -1 : Integer.parseInt(workMillis.trim());
        } catch (NumberFormatException e) {
            millis = -1;
        }
        if (millis < 0) {
            return error(id, "restart wants the work per request in whole milliseconds, 0 or more: " + workMillis);
        }
        return new ControlReply(id, ControlReply.RESTARTED, null, null, restart.restartWithWork(millis));
    }

    private static ControlReply error(long id, String message) {
        return new ControlReply(id, ControlReply.ERROR, null, null, message);
    }
}
