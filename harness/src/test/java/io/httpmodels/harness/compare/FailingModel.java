package io.httpmodels.harness.compare;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;

/** A model that never starts: its JVM exits with an error, as a model with a bad configuration would. */
public final class FailingModel implements HttpServerModel {

    @Override
    public String name() {
        return "test-fails-to-start";
    }

    @Override
    public String description() {
        return "test only: start() throws";
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        throw new IOException("this model fails on purpose");
    }
}
