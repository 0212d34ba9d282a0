package io.httpmodels.harness.conformance;

import io.httpmodels.harness.measure.RunConditions;
import io.httpmodels.harness.results.AtomicFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.Callable;

/**
 * {@code httpmodels conformance --from ROOT --out DIR}: collects the kits' records of every module under ROOT
 * ({@code <module>/target/conformance/*.json}) into one matrix, {@code conformance.json} and
 * {@code conformance.md} in DIR. Both are written, or neither.
 */
@Command(
        name = "conformance",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Collect the conformance kits' records into one matrix (rules x models).",
            "Reads ROOT/*/target/conformance/*.json, written by the kits (mvn verify -Pslow in a model module, or "
                    + "scripts/conformance.sh), and writes DIR/conformance.json and DIR/conformance.md: the "
                    + "security-relevant deviations first, then a table per kit."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:matrix written",
            "1:could not write the matrix",
            "2:usage error: no records under ROOT, or a record of another schema"
        })
public final class ConformanceCommand implements Callable<Integer> {

    @Option(
            names = "--from",
            required = true,
            paramLabel = "ROOT",
            description = "The project root whose modules hold target/conformance records.")
    Path from;

    @Option(
            names = {"-o", "--out"},
            required = true,
            paramLabel = "DIR",
            description = "Where to write the matrix.")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        ConformanceMatrix matrix;
        try {
            ConformanceJson.Collected collected = ConformanceJson.collect(from);
            Instant recorded = collected.newest().toInstant().truncatedTo(ChronoUnit.MINUTES);
            matrix = ConformanceMatrix.of(collected.records(), recorded.toString(), RunConditions.commitOf(from));
        } catch (ConformanceException e) {
            err.println("httpmodels conformance: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("httpmodels conformance: cannot read the records under " + from + ": " + e.getMessage());
            return 2;
        }
        Path json = out.resolve("conformance.json");
        Path md = out.resolve("conformance.md");
        try {
            writeBoth(json, ConformanceJson.toJson(matrix), md, ConformanceMarkdown.page(matrix));
        } catch (IOException e) {
            err.println("httpmodels conformance: cannot write " + out + ": " + e.getMessage());
            return 1;
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println(ConformanceMarkdown.provenance(matrix));
        stdout.println(matrix.security().size() + " security-relevant deviations");
        stdout.println("wrote " + json);
        stdout.println("wrote " + md);
        stdout.flush();
        return 0;
    }

    /** Writes both files, or neither: each to a temporary name first, then both moved into place. */
    private static void writeBoth(Path json, String jsonText, Path md, String mdText) throws IOException {
        Files.createDirectories(json.toAbsolutePath().getParent());
        Path jsonTmp = Files.createTempFile(json.toAbsolutePath().getParent(), ".conformance.json", ".tmp");
        Path mdTmp = Files.createTempFile(md.toAbsolutePath().getParent(), ".conformance.md", ".tmp");
        try {
            Files.writeString(jsonTmp, jsonText);
            Files.writeString(mdTmp, mdText);
            AtomicFiles.readableByAll(jsonTmp);
            AtomicFiles.readableByAll(mdTmp);
            AtomicFiles.moveIntoPlace(jsonTmp, json);
            AtomicFiles.moveIntoPlace(mdTmp, md);
        } finally {
            Files.deleteIfExists(jsonTmp);
            Files.deleteIfExists(mdTmp);
        }
    }
}
