package io.httpmodels.harness.compare;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * A model that serves (as virtual-threads) and then its JVM dies abruptly, {@value #LIFETIME_MILLIS} ms after it
 * started: a crash in the middle of a cell.
 */
public final class DyingModel implements HttpServerModel {

    static final long LIFETIME_MILLIS = 1500;
    static final int EXIT_CODE = 7;

    @Override
    public String name() {
        return "test-dies-mid-run";
    }

    @Override
    public String description() {
        return "test only: serves, then halts its JVM";
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        RunningServer server = ServerModels.byName("virtual-threads").start(config);
        Thread killer = new Thread(
                () -> {
                    try {
                        TimeUnit.MILLISECONDS.sleep(LIFETIME_MILLIS); // the crash's moment, not a wait for a server
                    } catch (InterruptedException e) {
                        return;
                    }
                    Runtime.getRuntime().halt(EXIT_CODE);
                },
                "dying-model");
        killer.setDaemon(true);
        killer.start();
        return server;
    }
}
