package io.httpmodels.server.bio;

import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/**
 * What this module's kits check: the four blocking models, or for cases that are long and the same on every model of
 * a socket path, one model of each: thread-per-connection for the platform threads' blocking socket (single-thread
 * and fixed-pool serve on the same one) and virtual-threads for the JDK's virtual-thread one.
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
}
