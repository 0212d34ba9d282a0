package io.httpmodels.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.measure.WarmupRule;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.time.Duration;

class WarmupOptionsTest {

    @Command(name = "cmd")
    static final class Cmd {
        @Mixin
        WarmupOptions warmup;
    }

    private static WarmupOptions parse(String... args) {
        Cmd cmd = new Cmd();
        new CommandLine(cmd).parseArgs(args);
        return cmd.warmup;
    }

    @Test
    void withoutTheFlagsTheCommandsDefaultsHold() {
        WarmupRule rule = parse().rule(Duration.ofSeconds(2), true);
        assertEquals(Duration.ofSeconds(2), rule.minimum());
        assertEquals(Duration.ofSeconds(20), rule.maximum());
        assertTrue(rule.lendClientCpus(), "the command's default: lending");
        assertFalse(parse().rule(Duration.ofSeconds(1), false).lendClientCpus(), "the command's default: none");
    }

    @Test
    void eitherFlagOverridesTheCommandsDefault() {
        assertTrue(parse("--jit-lending").rule(Duration.ofSeconds(1), false).lendClientCpus());
        assertFalse(parse("--no-jit-lending").rule(Duration.ofSeconds(1), true).lendClientCpus());
    }

    @Test
    void theJitRunsAtTheHighestPriorityWhileItWarmsUnlessTold() {
        assertTrue(parse().rule(Duration.ofSeconds(1), false).raiseJitPriority(), "on by default");
        assertTrue(parse("--jit-priority").rule(Duration.ofSeconds(1), false).raiseJitPriority());
        assertFalse(
                parse("--no-jit-priority").rule(Duration.ofSeconds(1), false).raiseJitPriority());
    }

    @Test
    void theLeastAndTheMostWarmUpAreTaken() {
        WarmupRule rule = parse("--warmup", "3s", "--max-warmup", "5s").rule(Duration.ofSeconds(1), false);
        assertEquals(Duration.ofSeconds(3), rule.minimum());
        assertEquals(Duration.ofSeconds(5), rule.maximum());
    }
}
