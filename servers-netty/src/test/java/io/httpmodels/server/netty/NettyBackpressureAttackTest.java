package io.httpmodels.server.netty;

import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * {@link NettyBackpressureSlowTest}'s floods, held for a 15 s idle timeout, on the rest of the netty models: the
 * transports a comparison does not pick here and netty-virtual. They share the handler that stops and resumes
 * reading, which the slow test floods at this length on nio and the picked transport.
 */
// Tagged "attack" (and slow, from its parent): .ci/run leaves it to scripts/ci-full.sh, as it does the blocking
// models' floods at this length.
@Tag("attack")
class NettyBackpressureAttackTest extends NettyBackpressureSlowTest {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.beyondVerify();
    }
}
