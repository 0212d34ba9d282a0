package io.httpmodels.server.netty;

import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * {@link NettyBackpressureTest} at the length of the attack it guards against: each flood held for a 15 s idle
 * timeout (the attack that took a netty server from 95 MiB to 4-5 GB ran 15-20 s), on what the conformance kits
 * check in {@code mvn verify}: netty on nio and on the transport a comparison picks here. About 17 s per case;
 * {@link NettyBackpressureAttackTest} floods the other transports and netty-virtual the same way.
 */
@Tag("slow")
class NettyBackpressureSlowTest extends NettyBackpressureTest {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.inVerify();
    }

    @Override
    protected boolean atAttackLength() {
        return true;
    }
}
