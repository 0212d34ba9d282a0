package io.httpmodels.server.bio;

import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/**
 * What this module's kits check: the four blocking models, or in {@code mvn verify} for the kits whose cases are
 * long (leak, backpressure) one model of each socket path: thread-per-connection for the platform threads' blocking
 * socket (single-thread and fixed-pool serve on the same one) and virtual-threads for the JDK's virtual-thread one.
 */
final class BioModels {

    private BioModels() {}

    /** single-thread, thread-per-connection, fixed-pool and virtual-threads. */
    static Stream<ModelUnderTest> all() {
        return Stream.of("single-thread", "thread-per-connection", "fixed-pool", "virtual-threads")
                .map(ModelUnderTest::named);
    }

    /** One model of each socket path: thread-per-connection and virtual-threads. */
    static Stream<ModelUnderTest> onePerSocketPath() {
        return Stream.of("thread-per-connection", "virtual-threads").map(ModelUnderTest::named);
    }

    /** The models {@link #all()} has and {@link #onePerSocketPath()} leaves out: single-thread and fixed-pool. */
    static Stream<ModelUnderTest> besideOnePerSocketPath() {
        return Stream.of("single-thread", "fixed-pool").map(ModelUnderTest::named);
    }
}
