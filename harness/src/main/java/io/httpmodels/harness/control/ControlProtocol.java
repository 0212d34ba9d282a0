package io.httpmodels.harness.control;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.Optional;

/**
 * The small control channel between the harness and a server JVM it started ({@code httpmodels serve} with
 * {@code HTTPMODELS_CONTROL=stdin}): the harness writes one request per line on the server's standard input, the
 * server answers each with one line on its standard output, after its {@code listening on} line. Requests are
 * words: a command, the request's id, then its arguments:
 *
 * <pre>
 * stats 7                                      -> control {"id":7,"kind":"stats","stats":{...}}
 * profiler-load 8                              -> control {"id":8,"kind":"profiler","event":null,"message":"4.5"}
 * profiler-start 9 cpu                         -> control {"id":9,"kind":"profiler","event":"cpu",...}
 * profiler-stop 10 /abs/file.html TITLE WORDS  -> control {"id":10,"kind":"profiler","event":"cpu",...}
 * restart 11 1                                 -> control {"id":11,"kind":"restarted","message":"..."}
 * pinning-start 12                             -> control {"id":12,"kind":"pinning","message":"counting ..."}
 * anything else                                -> control {"id":...,"kind":"error","message":"..."}
 * </pre>
 *
 * {@code restart} closes the server and starts the same model again in the same JVM and on the same port, with the
 * given work per request in milliseconds, and answers once it listens: a comparison's scenarios that differ only in
 * their work share one JVM that way, its JIT warm. {@code pinning-start} starts counting the pins of the JVM's
 * virtual threads ({@link CarrierPinningRecorder}), which every {@code stats} answer then carries, until the JVM ends. The server answers only when asked, at a measured window's start
 * and end or between scenarios, never per request. A server of an older build ignores its input and never answers:
 * the harness then goes on without its figures.
 */
public final class ControlProtocol {

    /** What every answer line starts with. */
    public static final String PREFIX = "control ";
    /** The environment variable that turns the channel on, and its one value. */
    public static final String ENVIRONMENT = "HTTPMODELS_CONTROL";

    public static final String STDIN = "stdin";
    public static final String STATS = "stats";
    public static final String PROFILER_LOAD = "profiler-load";
    public static final String PROFILER_START = "profiler-start";
    public static final String PROFILER_STOP = "profiler-stop";
    public static final String RESTART = "restart";
    public static final String PINNING_START = "pinning-start";

    private static final ObjectMapper MAPPER =
            new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ControlProtocol() {}

    /** The line that carries {@code reply}. */
    public static String line(ControlReply reply) {
        try {
            return PREFIX + MAPPER.writeValueAsString(reply);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a control reply", e);
        }
    }

    /** The reply a line carries, or empty when it is not a control line or cannot be read. */
    public static Optional<ControlReply> parse(String line) {
        if (!line.startsWith(PREFIX)) {
            return Optional.empty();
        }
        try {
            return Optional.of(MAPPER.readValue(line.substring(PREFIX.length()), ControlReply.class));
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }
}
