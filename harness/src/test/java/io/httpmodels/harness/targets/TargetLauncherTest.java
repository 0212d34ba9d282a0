package io.httpmodels.harness.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.results.Scenario;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

class TargetLauncherTest {

    private static final TargetLauncher LAUNCHER = new TargetLauncher(Pinning.plan(false, null, null), Path.of("."));
    private static final HarnessJvm BUILD = new HarnessJvm(List.of("-jar", "/some/harness.jar"), "a build");
    private static final Scenario PLAIN = Scenario.closedLoop("/plaintext", 0, true, 40, 1);

    @Test
    void aModelRunsServeOfItsBuildWithNativeAccessAndItsFlagsOnPortZeroAndDiesWithTheHarness() {
        ModelJvm jvm = new ModelJvm(BUILD, List.of("-Xmx512m", "-XX:+UseParallelGC"), 0, ModelJvm.AUTO_TRANSPORT);
        List<String> command = LAUNCHER.modelCommand("netty", jvm, Scenario.closedLoop("/plaintext", 1, true, 40, 1));
        assertEquals(HarnessJvm.javaBinary(), command.get(0), "unpinned: java first");
        assertEquals(
                List.of(
                        "--enable-native-access=ALL-UNNAMED",
                        "-Xmx512m",
                        "-XX:+UseParallelGC",
                        "-jar",
                        "/some/harness.jar",
                        "serve",
                        "netty",
                        "--port",
                        "0",
                        "--work-ms",
                        "1",
                        "--exit-with-parent",
                        String.valueOf(ProcessHandle.current().pid())),
                command.subList(1, command.size()));
    }

    @Test
    void threadsAndTransportArePassedOnlyWhenNotTheModelsOwn() {
        List<String> defaults =
                LAUNCHER.modelCommand("netty", new ModelJvm(BUILD, List.of(), 0, ModelJvm.AUTO_TRANSPORT), PLAIN);
        assertFalse(defaults.contains("--threads"), defaults.toString());
        assertFalse(defaults.contains("--transport"), defaults.toString());
        List<String> set = LAUNCHER.modelCommand("netty", new ModelJvm(BUILD, List.of(), 2, "epoll"), PLAIN);
        assertEquals("2", set.get(set.indexOf("--threads") + 1));
        assertEquals("epoll", set.get(set.indexOf("--transport") + 1));
    }

    @Test
    void theHeaderTimeoutReachesTheServerOnlyWhenConfigured() {
        ModelJvm jvm = new ModelJvm(BUILD, List.of(), 0, ModelJvm.AUTO_TRANSPORT);
        Scenario slow = PLAIN.withBackground(0, 200, 0);
        assertFalse(LAUNCHER.modelCommand("netty", jvm, slow).contains("--header-timeout"));
        List<String> command = LAUNCHER.modelCommand("netty", jvm, slow.withHeaderTimeout(2_500));
        int flag = command.indexOf("--header-timeout");
        assertTrue(flag > 0, command.toString());
        assertEquals("2500ms", command.get(flag + 1));
    }

    @Test
    void aSidesOwnFlagsComeAfterTheCommonOnes() {
        ModelJvm jvm = new ModelJvm(BUILD, List.of("-Xmx512m"), 0, ModelJvm.AUTO_TRANSPORT)
                .withMoreFlags(List.of("-XX:TieredStopAtLevel=1"));
        List<String> command = LAUNCHER.modelCommand("netty", jvm, PLAIN);
        assertEquals(List.of("-Xmx512m", "-XX:TieredStopAtLevel=1", "-jar"), command.subList(2, 5));
    }
}
