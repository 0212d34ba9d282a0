package io.httpmodels.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A module's documented {@link Deviation}s for one kit, written as a table: a row per case, as the conformance matrix
 * names it, the {@link KitRule} it breaks, and what the model does instead.
 *
 * <pre>{@code
 * static final DeviationTable TABLE = DeviationTable.parse("""
 *     connectIsNotImplemented | METHOD_NOT_IMPLEMENTED | closes the connection without an answer
 *     badInputGetsItsStatusAndTheConnectionCloses: Content-Length list | INVALID_CONTENT_LENGTH | answers 400
 *         with its own page
 *     [jdk-httpserver] aTricklerHoldsNoModelPastItsDeadline | HEADER_TIMEOUT | serves no one else meanwhile
 *     """);
 * }</pre>
 *
 * <p>A row is {@code test | RULE | instead}, or {@code test: case | RULE | instead} for one case of a parameterised
 * test; {@code RULE, silent} marks a case in which the model neither answers nor closes ({@link Deviation#silent()}),
 * which the kit then waits out for a shorter time. A line indented under a row goes on with its {@code instead}, joined by a space. A row that starts with
 * {@code [model]} concerns that model alone; the others concern every model of the table. The rules' words are the
 * kits' ({@link KitRule}), so a table names a rule and never copies its sentence.
 */
public final class DeviationTable {

    /** One row: the model it is limited to, if any, and its deviation. */
    private record Row(Optional<String> model, Deviation deviation) {}

    private final List<Row> rows;

    private DeviationTable(List<Row> rows) {
        this.rows = List.copyOf(rows);
    }

    /**
     * The table {@code text} writes.
     *
     * @throws IllegalArgumentException for a row without its three fields, an unknown rule, or a continuation line
     *     before any row; the message quotes the line
     */
    public static DeviationTable parse(String text) {
        List<StringBuilder> lines = new ArrayList<>();
        for (String line : text.lines().toList()) {
            if (line.isBlank()) {
                continue;
            }
            if (Character.isWhitespace(line.charAt(0))) {
                if (lines.isEmpty()) {
                    throw new IllegalArgumentException("a continuation line before any row: " + line);
                }
                lines.get(lines.size() - 1).append(' ').append(line.strip());
            } else {
                lines.add(new StringBuilder(line.strip()));
            }
        }
        List<Row> rows = new ArrayList<>();
        for (StringBuilder line : lines) {
            rows.add(row(line.toString()));
        }
        return new DeviationTable(rows);
    }

    private static Row row(String line) {
        Optional<String> model = Optional.empty();
        String rest = line;
        if (rest.startsWith("[")) {
            int end = rest.indexOf(']');
            if (end < 0) {
                throw new IllegalArgumentException("a [model] without its ']': " + line);
            }
            model = Optional.of(rest.substring(1, end));
            rest = rest.substring(end + 1).strip();
        }
        String[] fields = rest.split("\\|", 3);
        if (fields.length != 3) {
            throw new IllegalArgumentException("a row is 'test[: case] | RULE | instead': " + line);
        }
        String test = fields[0].strip();
        String caseName = "";
        int colon = test.indexOf(": ");
        if (colon >= 0) {
            caseName = test.substring(colon + 2).strip();
            test = test.substring(0, colon).strip();
        }
        String[] ruleAndMark = fields[1].split(",", 2);
        boolean silent = ruleAndMark.length == 2;
        if (silent && !ruleAndMark[1].strip().equals("silent")) {
            throw new IllegalArgumentException("a rule is 'RULE' or 'RULE, silent': " + line);
        }
        KitRule rule;
        try {
            rule = KitRule.valueOf(ruleAndMark[0].strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("no kit rule '" + ruleAndMark[0].strip() + "': " + line, e);
        }
        return new Row(model, new Deviation(test, caseName, fields[2].strip(), rule, silent));
    }

    /** The deviations of {@code model}: the rows for every model and those for it alone, in order. */
    public List<Deviation> of(String model) {
        return rows.stream()
                .filter(row -> row.model().map(model::equals).orElse(true))
                .map(Row::deviation)
                .toList();
    }

    /**
     * The deviations of every model of the table, in order.
     *
     * @throws IllegalStateException if a row is limited to one model ({@link #of} reads those)
     */
    public List<Deviation> all() {
        rows.stream().filter(row -> row.model().isPresent()).findFirst().ifPresent(row -> {
            throw new IllegalStateException("a row for " + row.model().get() + " alone: read the table by model");
        });
        return rows.stream().map(Row::deviation).toList();
    }
}
