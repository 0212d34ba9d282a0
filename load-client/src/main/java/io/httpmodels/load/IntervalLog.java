package io.httpmodels.load;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a run's interval histograms (one a second, from {@link LoadListener#onInterval}) as an HdrHistogram
 * interval log, so that runs — several agents', several cells' — can later be merged exactly. The log appears
 * whole: it is written to a temporary file beside {@code path} and moved into place by {@link #close()};
 * {@link #abort()} drops it instead.
 *
 * <p>Not thread-safe: call it from the thread that runs the load (where the listener is called).
 */
public final class IntervalLog implements AutoCloseable {

    private final Path path;
    private final Path tmp;
    private final OutputStream stream;
    private final HistogramLogWriter writer;
    private final String tag;
    private boolean started;
    private boolean finished;

    /**
     * Opens a log.
     *
     * @param path where the log will appear
     * @param tag  HdrHistogram's {@code Tag=} on every interval (an agent's or a cell's name), or null
     */
    public IntervalLog(Path path, String tag) throws IOException {
        this.path = path;
        Path dir = path.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        this.tmp = Files.createTempFile(dir, "." + path.getFileName(), ".tmp");
        this.stream = Files.newOutputStream(tmp);
        this.writer = new HistogramLogWriter(stream);
        this.tag = tag;
    }

    /** Appends one interval (microseconds; start and end timestamps in epoch milliseconds). */
    public void write(Histogram interval) {
        if (!started) {
            started = true;
            writer.outputComment("httpmodels load-client: latency in microseconds, one interval per second");
            writer.outputLogFormatVersion();
            writer.outputStartTime(interval.getStartTimeStamp());
            writer.setBaseTime(interval.getStartTimeStamp());
            writer.outputLegend();
        }
        String previous = interval.getTag();
        interval.setTag(tag);
        writer.outputIntervalHistogram(interval);
        interval.setTag(previous);
    }

    /** Finishes the log and moves it into place. */
    @Override
    public void close() throws IOException {
        if (finished) {
            return;
        }
        finished = true;
        writer.close();
        stream.close();
        try {
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException e) {
            // Not a POSIX file system: its defaults apply.
        }
        try {
            Files.move(tmp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Drops the log: nothing appears at {@code path}. */
    public void abort() throws IOException {
        if (finished) {
            return;
        }
        finished = true;
        writer.close();
        stream.close();
        Files.deleteIfExists(tmp);
    }
}
