package io.httpmodels.harness.conformance;

import java.util.List;

/**
 * One kit class's record for one model, {@code <module>/target/conformance/<model>.<kit>.json}, as server-api's
 * {@code KitRecord} writes it.
 *
 * @param schema {@link #SCHEMA}
 * @param model the model's label
 * @param kit the kit class that ran ({@code VertxConformanceTest})
 * @param kitContract the kit it extends ({@code ConformanceKit}): the matrix groups rows by it
 * @param cases every case that ran
 */
public record RecordedKit(String schema, String model, String kit, String kitContract, List<RecordedCase> cases) {

    /** The one schema this harness reads. */
    public static final String SCHEMA = "httpmodels-kit-record/1";

    public RecordedKit {
        cases = cases == null ? List.of() : List.copyOf(cases);
    }
}
