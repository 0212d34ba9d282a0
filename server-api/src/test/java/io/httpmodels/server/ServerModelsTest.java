package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Model lookup through {@link java.util.ServiceLoader}, against registries this test writes: a service file in a
 * temporary folder, put on the thread's context class loader (where {@code ServiceLoader.load} looks).
 */
class ServerModelsTest {

    @TempDir
    Path dir;

    /** A model that starts nothing; its name is its class's simple name in lower case. */
    public abstract static class NamedModel implements HttpServerModel {
        @Override
        public String name() {
            return getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
        }

        @Override
        public String description() {
            return "a test model";
        }

        @Override
        public RunningServer start(ServerConfig config) {
            throw new UnsupportedOperationException();
        }
    }

    public static final class Alpha extends NamedModel {}

    public static final class Beta extends NamedModel {}

    /** Claims Alpha's name. */
    public static final class AlphaAgain extends NamedModel {
        @Override
        public String name() {
            return "alpha";
        }
    }

    private <T> T withRegistry(List<Class<?>> models, Callable<T> call) throws Exception {
        Path services = dir.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.write(
                services.resolve(HttpServerModel.class.getName()),
                models.stream().map(Class::getName).toList());
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, previous)) {
            thread.setContextClassLoader(loader);
            return call.call();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    @Test
    void modelsAreFoundByNameInRegistrationOrder() throws Exception {
        withRegistry(List.of(Beta.class, Alpha.class), () -> {
            assertEquals(List.of("beta", "alpha"), ServerModels.names());
            assertEquals(
                    List.of("beta", "alpha"), List.copyOf(ServerModels.all().keySet()));
            assertSame(Alpha.class, ServerModels.byName("alpha").getClass());
            assertSame(Beta.class, ServerModels.all().get("beta").getClass());
            return null;
        });
    }

    @Test
    void anUnknownNameListsTheKnownOnes() throws Exception {
        withRegistry(List.of(Alpha.class, Beta.class), () -> {
            UnknownModelException e = assertThrows(UnknownModelException.class, () -> ServerModels.byName("gamma"));
            assertEquals("unknown server model 'gamma'; known models: alpha, beta", e.getMessage());
            assertEquals(List.of("alpha", "beta"), e.knownNames());
            return null;
        });
        withRegistry(List.of(), () -> {
            UnknownModelException e = assertThrows(UnknownModelException.class, () -> ServerModels.byName("alpha"));
            assertEquals("unknown server model 'alpha'; known models: (none on the class path)", e.getMessage());
            assertEquals(List.of(), e.knownNames());
            return null;
        });
    }

    @Test
    void twoModelsWithOneNameAreRefused() throws Exception {
        withRegistry(List.of(Alpha.class, AlphaAgain.class), () -> {
            IllegalStateException e = assertThrows(IllegalStateException.class, ServerModels::all);
            assertEquals(
                    "two server models are named 'alpha': " + Alpha.class.getName() + " and "
                            + AlphaAgain.class.getName(),
                    e.getMessage());
            return null;
        });
    }

    @Test
    void aRunningServersPortIsItsAddresssPort() {
        RunningServer server = new RunningServer() {
            @Override
            public InetSocketAddress address() {
                return new InetSocketAddress("127.0.0.1", 8123);
            }

            @Override
            public String description() {
                return "test";
            }

            @Override
            public void close() {}
        };
        assertEquals(8123, server.port());
    }
}
