package io.httpmodels.harness.conformance;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The conformance matrix: the kits' rules as rows, the models as columns, each cell a model's outcome; with the
 * security-relevant deviations pulled out. Written by {@code httpmodels conformance} to {@code conformance.json}
 * and read back by the reports.
 *
 * @param schemaVersion {@link #SCHEMA_VERSION}
 * @param recordedAt when the kits recorded it (the newest record's time), ISO-8601 UTC
 * @param commit the commit the kits ran at, or null outside a git checkout
 * @param kits the kit contracts covered, in order
 * @param models the model labels covered, in order
 * @param rows every rule, grouped by kit
 * @param security the security-relevant deviations, by concern and model
 */
public record ConformanceMatrix(
        int schemaVersion,
        String recordedAt,
        String commit,
        List<String> kits,
        List<String> models,
        List<MatrixRow> rows,
        List<SecurityFinding> security) {

    public static final int SCHEMA_VERSION = 1;

    /** The kits in the order a reader meets them: the protocol first, then the attacks. */
    private static final List<String> KIT_ORDER = List.of(
            "ConformanceKit",
            "HostileClientKit",
            "DeadlineKit",
            "BackpressureKit",
            "LeakKit",
            "TlsConformanceKit",
            "TlsHostileKit",
            "Http2ConformanceKit",
            "Http2AttackKit");

    public ConformanceMatrix {
        kits = List.copyOf(kits);
        models = List.copyOf(models);
        rows = List.copyOf(rows);
        security = List.copyOf(security);
    }

    /**
     * The matrix of {@code records}. Two records of one model, kit and case (two kit classes of one contract) keep
     * the worse outcome. A model with no record of a kit that speaks another protocol than HTTP/1.1 (the HTTP/2
     * kits) has its rows as not run, when its records say which protocols it declares: "speaks HTTP/1.1 only" for a
     * model without the kit's protocol, and for one with it, that no kit class runs the kit for it yet.
     */
    public static ConformanceMatrix of(List<RecordedKit> records, String recordedAt, String commit) {
        Set<String> models = new TreeSet<>();
        Set<String> kits = new TreeSet<>(
                Comparator.comparingInt(ConformanceMatrix::kitRank).thenComparing(Comparator.naturalOrder()));
        Map<List<String>, Map<String, MatrixCell>> cells = new TreeMap<>(ConformanceMatrix::compareKeys);
        Map<String, String> speaks = new HashMap<>();
        Map<String, Set<String>> declared = new HashMap<>();
        Set<List<String>> recordedKits = new HashSet<>();
        for (RecordedKit record : records) {
            models.add(record.model());
            kits.add(record.kitContract());
            recordedKits.add(List.of(record.model(), record.kitContract()));
            if (record.speaks() != null) {
                speaks.putIfAbsent(record.kitContract(), record.speaks());
            }
            if (record.protocols() != null) {
                declared.computeIfAbsent(record.model(), m -> new LinkedHashSet<>())
                        .addAll(record.protocols());
            }
            for (RecordedCase c : record.cases()) {
                List<String> key = List.of(record.kitContract(), c.test(), c.caseName());
                cells.computeIfAbsent(key, k -> new HashMap<>())
                        .merge(
                                record.model(),
                                MatrixCell.of(c),
                                (a, b) -> b.outcome().severity() > a.outcome().severity() ? b : a);
            }
        }
        for (Map.Entry<List<String>, Map<String, MatrixCell>> entry : cells.entrySet()) {
            String kit = entry.getKey().get(0);
            String protocol = speaks.getOrDefault(kit, RecordedKit.HTTP_1_1);
            if (protocol.equals(RecordedKit.HTTP_1_1)) {
                continue;
            }
            for (String model : models) {
                Set<String> spoken = declared.get(model);
                if (spoken != null && !recordedKits.contains(List.of(model, kit))) {
                    entry.getValue()
                            .putIfAbsent(
                                    model,
                                    new MatrixCell(
                                            CaseOutcome.NOT_RUN,
                                            null,
                                            null,
                                            null,
                                            null,
                                            notRunReason(spoken, protocol)));
                }
            }
        }
        List<MatrixRow> rows = new ArrayList<>();
        List<SecurityFinding> security = new ArrayList<>();
        for (Map.Entry<List<String>, Map<String, MatrixCell>> entry : cells.entrySet()) {
            List<String> key = entry.getKey();
            MatrixRow row = new MatrixRow(key.get(0), key.get(1), key.get(2), entry.getValue());
            rows.add(row);
            for (String model : models) {
                MatrixCell cell = row.cells().get(model);
                if (cell != null && cell.concern() != null && cell.outcome() == CaseOutcome.DEVIATION) {
                    security.add(new SecurityFinding(
                            cell.concern(),
                            model,
                            row.kit(),
                            row.rule(),
                            cell.instead(),
                            cell.rule(),
                            cell.measured()));
                }
            }
        }
        security.sort(Comparator.comparing(SecurityFinding::concern)
                .thenComparing(SecurityFinding::model)
                .thenComparing(f -> kitRank(f.kit()))
                .thenComparing(SecurityFinding::rule));
        return new ConformanceMatrix(
                SCHEMA_VERSION, recordedAt, commit, List.copyOf(kits), List.copyOf(models), rows, security);
    }

    /** The same matrix narrowed to {@code wanted} models (those it has, in its order); rows none of them ran go. */
    public ConformanceMatrix forModels(List<String> wanted) {
        Set<String> keep = new LinkedHashSet<>();
        for (String model : models) {
            if (wanted.contains(model)) {
                keep.add(model);
            }
        }
        List<MatrixRow> narrowed = new ArrayList<>();
        for (MatrixRow row : rows) {
            Map<String, MatrixCell> cells = new HashMap<>(row.cells());
            cells.keySet().retainAll(keep);
            if (!cells.isEmpty()) {
                narrowed.add(new MatrixRow(row.kit(), row.test(), row.caseName(), cells));
            }
        }
        List<String> kept = narrowed.stream().map(MatrixRow::kit).distinct().toList();
        List<SecurityFinding> findings =
                security.stream().filter(f -> keep.contains(f.model())).toList();
        return new ConformanceMatrix(schemaVersion, recordedAt, commit, kept, List.copyOf(keep), narrowed, findings);
    }

    /**
     * The labels of this matrix that are the model {@code name}: the name itself, or the name with a variant in
     * brackets ({@code netty (epoll)}), as the kits label a model run per transport.
     */
    public List<String> labelsOf(String name) {
        return models.stream()
                .filter(label -> label.equals(name) || label.startsWith(name + " ("))
                .toList();
    }

    /** How many of {@code model}'s cases of {@code kit} ended with {@code outcome}. */
    public long count(String model, String kit, CaseOutcome outcome) {
        return rows.stream()
                .filter(row -> row.kit().equals(kit))
                .map(row -> row.cells().get(model))
                .filter(cell -> cell != null && cell.outcome() == outcome)
                .count();
    }

    /** How many cases of {@code kit} {@code model} ran (not those its kit class left out). */
    public long ran(String model, String kit) {
        return rows.stream()
                .filter(row -> row.kit().equals(kit))
                .map(row -> row.cells().get(model))
                .filter(cell -> cell != null && cell.outcome() != CaseOutcome.NOT_RUN)
                .count();
    }

    /** Why the kit class left out {@code model}'s cases of {@code kit} that it left out, each reason once. */
    public List<String> notRunReasons(String model, String kit) {
        return rows.stream()
                .filter(row -> row.kit().equals(kit))
                .map(row -> row.cells().get(model))
                .filter(cell -> cell != null && cell.outcome() == CaseOutcome.NOT_RUN)
                .map(MatrixCell::reason)
                .distinct()
                .toList();
    }

    /** Why a model that declares {@code spoken} has no record of a kit that speaks {@code protocol}. */
    static String notRunReason(Set<String> spoken, String protocol) {
        if (spoken.contains(protocol)) {
            return "speaks " + protocol + ", but no kit class of its module runs this kit for it yet";
        }
        if (spoken.equals(Set.of(RecordedKit.HTTP_1_1))) {
            return "speaks HTTP/1.1 only";
        }
        return "does not speak " + protocol + " (it speaks " + String.join(", ", spoken) + ")";
    }

    private static int kitRank(String kit) {
        int rank = KIT_ORDER.indexOf(kit);
        return rank < 0 ? KIT_ORDER.size() : rank;
    }

    private static int compareKeys(List<String> a, List<String> b) {
        int byKit = Integer.compare(kitRank(a.get(0)), kitRank(b.get(0)));
        if (byKit != 0) {
            return byKit;
        }
        for (int i = 0; i < a.size(); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
