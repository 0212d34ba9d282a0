package io.httpmodels.server.vertx;

import io.httpmodels.server.DatabaseFloodKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * vertx flooded with pipelined {@code GET /db} that its reactive PostgreSQL client pipelines: the database flood kit.
 * Vert.x bounds it by closing the connection: the 129th request pipelined ahead of its answer makes Netty's
 * {@code WebSocketServerExtensionHandler} (in Vert.x's HTTP/1.1 pipeline for WebSocket compression) throw
 * {@code IllegalStateException: maxPipelineDepth exceeded: 128}, and Vert.x's own handler of it logs a
 * {@code NullPointerException} ({@code this.response} is null) as it closes. Measured 2026-12-07: 4.1 MiB (116,846
 * requests) taken before the socket buffers filled, closed within 0.5-1.3 s, heap +0 MiB, resident set +0 MiB,
 * bystanders answered in 41-201 ms. A well-behaved client that pipelines more than 128 slow requests is closed the
 * same way, without an answer.
 */
@Tag("slow")
class VertxDatabaseFloodTest extends DatabaseFloodKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(VertxModel.NAME));
    }
}
