package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The backpressure kit still fails, and names every check a model breaks: a model that queues every answer it cannot
 * send is stopped at {@link BackpressureKit#FLOOD_STOP_GROWTH} with its growth recorded, and one whose only thread
 * blocks in its write to the flood is seen to starve its other clients, beside never closing the flood. The models
 * ({@link FloodedModels}) are registered in the kit's child JVM only.
 */
// In the slow set, like the kit (each case a child JVM and a flood of seconds).
@Tag("slow")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Tag("bounds")
class BackpressureKitSelfTest {

    @TempDir
    static Path registry;

    /** The kit as a module would subclass it, with the test models registered in its child. */
    private static final class Kit extends BackpressureKit {
        @Override
        protected Stream<ModelUnderTest> models() {
            return Stream.empty(); // the test hands the kit its model
        }

        @Override
        List<Path> childClassPath() {
            return List.of(registry);
        }
    }

    @BeforeAll
    static void register() throws IOException {
        Path services = registry.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.write(
                services.resolve(HttpServerModel.class.getName()),
                List.of(FloodedModels.Hoarding.class.getName(), FloodedModels.Serial.class.getName()));
    }

    private static String failure(String model) {
        return assertThrows(
                        AssertionError.class,
                        () -> new Kit()
                                .aClientThatPipelinesAndDoesNotReadIsHeldInBoundedMemoryAndClosed(
                                        ModelUnderTest.named(model), FloodClient.Reading.NEVER))
                .getMessage();
    }

    @Test
    void aServerThatQueuesWhatItCannotSendIsFloodedOnlyToTheStopAndItsGrowthRecorded() {
        String failure = failure(FloodedModels.Hoarding.NAME);
        assertTrue(
                failure.contains("when the kit stopped the flood (at " + BackpressureKit.FLOOD_STOP_GROWTH / 1024
                        + " MiB of growth)"),
                "the growth and the stop: " + failure);
        assertTrue(failure.contains("stopped by the kit at "), "in the figures: " + failure);
        assertFalse(failure.contains("serves nobody else"), "it serves others meanwhile: " + failure);
    }

    @Test
    void aServerWhoseOneThreadBlocksInTheFloodsWriteIsSeenToStarveOthersBesideNeverClosing() {
        String failure = failure(FloodedModels.Serial.NAME);
        assertTrue(failure.contains("did not close the connection"), "never closed: " + failure);
        assertTrue(failure.contains("serves nobody else meanwhile"), "the bystander starved: " + failure);
    }
}
