package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * The leak kit can still fail: its case, run on a model that leaks one thread, or one descriptor, every
 * {@value LeakingModels#LEAK_EVERY} connections, fails with the kit's assertion, with the short warm-up and with the
 * rounds of {@link LeakKit#poolsGrowOnDemand()} alike (there, because its count rises after every round). The models are registered in the kit's child JVM only
 * (a service file in a temporary directory before its class path), so no module's registry sees them. At the kit's
 * default request count, whatever the slow set asks of the models.
 */
// In the slow set (40-50 s of child JVMs): mvn verify stays within its budget, .ci/run runs it.
@Tag("slow")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@Tag("bounds")
class LeakKitSelfTest {

    @TempDir
    static Path registry;

    /** The kit as a module would subclass it, with the test models registered in its child. */
    private static final class Kit extends LeakKit {
        private final boolean pooled;

        Kit(boolean pooled) {
            this.pooled = pooled;
        }

        @Override
        protected Stream<ModelUnderTest> models() {
            return Stream.empty(); // the test hands the kit its model
        }

        @Override
        protected boolean poolsGrowOnDemand() {
            return pooled;
        }

        @Override
        List<Path> childClassPath() {
            return List.of(registry);
        }

        // The kit's logic, not the models' size: at 100,000 a round of the leaking model takes 30-40 s.
        @Override
        int requests() {
            return DEFAULT_REQUESTS;
        }

        // A leaked thread never ends, so the counts never come back: the kit's 10 s wait for them, six times in a
        // pooled model's three rounds, would decide nothing that 2 s does not.
        @Override
        long settleMillis() {
            return 2_000;
        }
    }

    private static void register() throws IOException {
        Path services = registry.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.write(
                services.resolve(HttpServerModel.class.getName()),
                List.of(LeakingModels.ThreadLeaking.class.getName(), LeakingModels.DescriptorLeaking.class.getName()));
    }

    private static void assertTheKitFails(String model, boolean pooled, String counted) throws IOException {
        register();
        AssertionError failure = assertThrows(
                AssertionError.class,
                () -> new Kit(pooled)
                        .threadsAndDescriptorsComeBackAfterLoadAndHostileClients(ModelUnderTest.named(model)));
        assertTrue(
                failure.getMessage().contains(" requests on short connections: ")
                        && failure.getMessage().contains(counted + ", "),
                "the kit failed, but not on what the model leaked: " + failure.getMessage());
        if (counted.equals("threads")) {
            // the leaked threads by name (the kernel's, 15 characters), for a failure no rerun may repeat
            assertTrue(
                    failure.getMessage().contains(model.substring(0, 15)),
                    "the kit did not name the leaked threads: " + failure.getMessage());
        }
    }

    @Test
    void aThreadLeakedEveryHundredConnectionsFailsTheKit() throws IOException {
        assertTheKitFails(LeakingModels.ThreadLeaking.NAME, false, "threads");
    }

    @Test
    void aThreadLeakedEveryHundredConnectionsFailsTheKitAfterAWarmUpRound() throws IOException {
        assertTheKitFails(LeakingModels.ThreadLeaking.NAME, true, "threads");
    }

    @Test
    void aDescriptorLeakedEveryHundredConnectionsFailsTheKitAfterAWarmUpRound() throws IOException {
        assertTheKitFails(LeakingModels.DescriptorLeaking.NAME, true, "fds");
    }
}
