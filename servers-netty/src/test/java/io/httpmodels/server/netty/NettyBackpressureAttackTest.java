package io.httpmodels.server.netty;

import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * {@link NettyBackpressureSlowTest} on the rest of the netty models: the transports a comparison does not pick here
 * and netty-virtual, each flood held for a 15 s idle timeout. They share the handler that stops and resumes reading,
 * which the slow test floods at this length on nio and the picked transport.
 */
// Tagged "attack": .ci/run leaves it to scripts/ci-full.sh, as it does the blocking models' floods at this length.
@Tag("slow")
@Tag("attack")
class NettyBackpressureAttackTest extends NettyBackpressureTest {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.beyondVerify();
    }

    @Override
    protected boolean atAttackLength() {
        return true;
    }
}
