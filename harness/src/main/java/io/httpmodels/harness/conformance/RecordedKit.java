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
 * @param speaks the protocol the kit's cases speak ({@code http/1.1}, {@code h2c}), or null in a record older than
 *     the field
 * @param protocols the protocols the model declares ({@code http/1.1}, {@code h2c}, {@code h2}), or null when the
 *     kit's JVM did not know the model (a peer such as nginx, a model the kit class left out, an older record)
 * @param cases every case that ran
 */
public record RecordedKit(
        String schema,
        String model,
        String kit,
        String kitContract,
        String speaks,
        List<String> protocols,
        List<RecordedCase> cases) {

    /** The one schema this harness reads. */
    public static final String SCHEMA = "httpmodels-kit-record/1";

    /** The protocol every model speaks, as the records name it. */
    public static final String HTTP_1_1 = "http/1.1";

    public RecordedKit {
        protocols = protocols == null ? null : List.copyOf(protocols);
        cases = cases == null ? List.of() : List.copyOf(cases);
    }

    /** A record of an HTTP/1.1 kit that says nothing of the model's protocols. */
    public RecordedKit(String schema, String model, String kit, String kitContract, List<RecordedCase> cases) {
        this(schema, model, kit, kitContract, HTTP_1_1, null, cases);
    }
}
