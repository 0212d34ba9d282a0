package io.httpmodels.server.netty;

import org.junit.jupiter.api.Tag;

/**
 * {@link NettyBackpressureTest} at the length of the attack it guards against: each flood held for a 15 s idle
 * timeout (the attack that took a netty server from 95 MiB to 4-5 GB ran 15-20 s). About 17 s per case.
 */
@Tag("slow")
class NettyBackpressureSlowTest extends NettyBackpressureTest {

    @Override
    protected boolean atAttackLength() {
        return true;
    }
}
