package io.httpmodels.server.netty;

import io.httpmodels.server.BackpressureKit;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.NotRun;
import org.junit.jupiter.api.Tag;

import java.util.List;
import java.util.stream.Stream;

/**
 * The netty model on nio against clients that pipeline and never read or read a byte a second (see {@link
 * BackpressureKit}), with Netty's leak detector tracking every buffer ({@code paranoid}); at an attack's length, 15 s,
 * {@link NettyBackpressureSlowTest} floods nio and the transport a comparison picks, and {@link
 * NettyBackpressureAttackTest} every other transport and netty-virtual, with both clients. It records no
 * accesses ({@code targetRecords=0}): a leak report still says where the buffer was allocated, and the server is
 * not slowed tenfold by a stack trace taken at each access (which made a flood take 5 to 9 s instead of 1).
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), beside NettyBackpressureSlowTest: a model's backpressure
// and leak kits stay out of mvn verify, so that it keeps its 3 minutes.
@Tag("slow")
class NettyBackpressureTest extends BackpressureKit {

    // nio alone here (each case starts a JVM): the handler that stops and resumes reading on writability is the same
    // on every transport, and the attack-length tests flood them all.
    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.reference();
    }

    @Override
    public Stream<NotRun> notRun() {
        return NettyModels.tlsRowsLeftToTheTlsKits();
    }

    @Override
    protected List<String> childJvmFlags() {
        return List.of("-Dio.netty.leakDetection.level=paranoid", "-Dio.netty.leakDetection.targetRecords=0");
    }
}
