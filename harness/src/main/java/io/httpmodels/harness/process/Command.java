package io.httpmodels.harness.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a short command (git, getconf, nginx.sh) to its end within a bound and returns its exit code and output
 * (standard output and error together). The output is read on its own thread, so a command that hangs with its
 * output open is still stopped at the bound instead of blocking the caller.
 *
 * @param exitCode the command's exit code
 * @param output   what it wrote, UTF-8
 */
public record Command(int exitCode, String output) {

    /**
     * Runs {@code command}.
     *
     * @throws IOException when it cannot be started, does not end within {@code timeout} (it is then killed), or
     *                     the wait is interrupted; the message says which
     */
    public static Command run(List<String> command, Duration timeout) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        CompletableFuture<byte[]> output = CompletableFuture.supplyAsync(() -> {
            try {
                return p.getInputStream().readAllBytes();
            } catch (IOException e) {
                return new byte[0];
            }
        });
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException(
                        String.join(" ", command) + " did not finish within " + timeout.toSeconds() + " s");
            }
            byte[] bytes = output.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return new Command(p.exitValue(), new String(bytes, StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + command.get(0), e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("cannot read the output of " + command.get(0) + ": " + e, e);
        }
    }

    public boolean succeeded() {
        return exitCode == 0;
    }
}
