package io.httpmodels.server.nio;

import io.httpmodels.server.ModelUnderTest;

import java.util.stream.Stream;

/** The reactor as the kits run it: its default loops, and a single loop (every connection on one thread). */
final class NioModels {

    private NioModels() {}

    static Stream<ModelUnderTest> underTest() {
        return Stream.of(
                ModelUnderTest.named(NioReactorServer.NAME),
                ModelUnderTest.named(
                        NioReactorServer.NAME, config -> config.withWorkerThreads(1), "nio-reactor (1 loop)"));
    }
}
