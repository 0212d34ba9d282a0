package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.bench.TechEmpowerRequests;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Both codecs, fed the same request bytes, must produce whole responses of the same size, once per request. */
class ServerCodecBenchmarkTest {

    @ParameterizedTest
    @ValueSource(strings = {"/plaintext", "/json"})
    void bothCodecsAnswerEveryRequestWithTheSameNumberOfBytes(String path) throws Exception {
        ServerCodecBenchmark benchmark = new ServerCodecBenchmark();
        benchmark.path = path;
        benchmark.setUp();
        try {
            // The blocking side returns the bytes its socket received so far.
            long afterFirst = benchmark.blocking();
            long afterSecond = benchmark.blocking();
            long afterBatch = benchmark.blockingPipelined16();
            long blockingOne = afterSecond - afterFirst;
            long blockingBatch = afterBatch - afterSecond;
            long nettyOne = benchmark.netty();
            long nettyBatch = benchmark.nettyPipelined16();

            // Status line, Content-Type, Content-Length, Server ("httpmodels-bench" and "httpmodels-netty" are the
            // same length), Date, and the body: the same bytes in the same count, whichever codec wrote them.
            assertTrue(blockingOne > 100, "one response of " + blockingOne + " bytes");
            assertEquals(blockingOne, nettyOne, "bytes of one response, blocking vs netty");
            assertEquals(TechEmpowerRequests.PIPELINE_DEPTH * blockingOne, blockingBatch, "blocking, 16 pipelined");
            assertEquals(TechEmpowerRequests.PIPELINE_DEPTH * nettyOne, nettyBatch, "netty, 16 pipelined");
        } finally {
            benchmark.tearDown();
        }
    }
}
