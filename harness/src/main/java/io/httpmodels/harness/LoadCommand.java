package io.httpmodels.harness;

import io.httpmodels.load.LoadMain;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code httpmodels load URL [options]}: the load client ({@link LoadMain}), its flags, output and exit codes its own;
 * every word after {@code load} is passed to it as given ({@code httpmodels load --help} is its help).
 */
@Command(
        name = "load",
        description = "Load a URL with the load client: keep-alive or not, pipelining, a constant rate; latencies as"
                + " wrk and wrk2 report them ('httpmodels load --help' lists its flags).")
final class LoadCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "URL [OPTIONS]", description = "The load client's arguments.")
    List<String> args = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine load = LoadMain.commandLine(
                stream(spec.commandLine().getOut()), stream(spec.commandLine().getErr()));
        load.setCommandName(spec.qualifiedName());
        return load.execute(args.toArray(String[]::new));
    }

    /** The load client writes to print streams; this one hands what it writes to the command's writer. */
    private static PrintStream stream(PrintWriter writer) {
        OutputStream toWriter = new OutputStream() {
            private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

            @Override
            public void write(int b) {
                pending.write(b);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                pending.write(bytes, offset, length);
            }

            @Override
            public void flush() {
                writer.write(pending.toString(StandardCharsets.UTF_8));
                pending.reset();
                writer.flush();
            }
        };
        return new PrintStream(toWriter, true, StandardCharsets.UTF_8);
    }
}
