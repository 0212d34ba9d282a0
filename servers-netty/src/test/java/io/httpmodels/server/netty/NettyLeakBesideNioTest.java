package io.httpmodels.server.netty;

import io.httpmodels.server.LeakKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * {@link NettyLeakTest}'s kit on every other transport that runs here and on netty-virtual, in the slow set (at its
 * full size there): each case starts a JVM of its own, and the handlers are the same on every transport.
 */
@Tag("slow")
class NettyLeakBesideNioTest extends LeakKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.besideTheReference();
    }
}
