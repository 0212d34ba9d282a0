package io.httpmodels.server;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The HTTP/2 attack matrix, as tests: each {@link Http2Attack} (Rapid Reset, the CONTINUATION flood, an HPACK bomb,
 * SETTINGS and PING floods, a zero receive window, too many concurrent streams) from one h2c connection written by
 * hand ({@link Http2AttackConnection}), against each model that speaks HTTP/2, running alone in a child JVM
 * ({@link ProbeChild}, its heap touched at start as {@link BackpressureKit}'s), or against a peer its suite starts
 * ({@link #start}, {@link NginxHttp2AttackTest}). Per attack the kit checks:
 *
 * <ul>
 *   <li>the server's resident set grows by at most {@link BackpressureKit#MAX_RSS_GROWTH} (the kit stops an attack
 *       at {@link BackpressureKit#FLOOD_STOP_GROWTH});
 *   <li>bystanders, one h2c {@code GET /plaintext} at a time on new connections ({@link Http2Bystander}) from the
 *       attack's start to its end, are each answered within {@link Http2AttackOutcome#BYSTANDER_BOUND_MILLIS};
 *   <li>its CPU settles once the attacker has gone (at most {@link Http2AttackOutcome#MAX_AFTER_CORES} over a window
 *       within a bound): no work left behind by streams the attacker abandoned;
 *   <li>it refuses streams past its SETTINGS_MAX_CONCURRENT_STREAMS ({@link Http2Attack#TOO_MANY_STREAMS}).
 * </ul>
 *
 * <p>Whether the server sends GOAWAY, closes the connection or keeps it, and its CPU while attacked, are recorded
 * ({@link Http2AttackOutcome#verdict()}, in the case's figures), not required: a server that shrugs an attack off
 * cheaply need not close. A server that breaks a bound has the case on record as a {@link Deviation}
 * ({@link KitRule#HTTP2_ABUSE}), which {@link DocumentedDeviations} requires to go on failing.
 *
 * <p>One child JVM serves every attack on its model, started once and warmed up with bystanders (a dead one is started
 * again); each attack's growth is counted from the resident set just before it. An attack lasts
 * {@link #attackLength()} at most, or its count ({@link Http2Attack#maxBatches()}).
 */
@ExtendWith(DocumentedDeviations.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
@Tag("bounds")
public abstract class Http2AttackKit implements KitCoverage {

    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);
    private static final int WARM_UP_BYSTANDERS = 300;
    private static final Duration CPU_WINDOW = Duration.ofMillis(300);
    private static final Duration CPU_SETTLE_BOUND = Duration.ofSeconds(3);
    private static final long SAMPLE_MILLIS = 20;
    private static final long BYSTANDER_GAP_MILLIS = 50;

    private final Map<String, Target> targets = new HashMap<>();

    /**
     * A server under attack as the kit sees it from outside: the port its h2c listens on, and its processes' resident
     * set and CPU time. The kit closes it after its class.
     */
    protected interface Target extends AutoCloseable {
        int port();

        /** The resident set of the server's processes, in KiB. */
        long rssKiB() throws IOException;

        /** The CPU time its processes have used so far, user and system, in milliseconds. */
        long cpuMillis() throws IOException;

        boolean isAlive();

        @Override
        void close() throws IOException;
    }

    /** The models this module checks: each must speak h2c. */
    protected abstract Stream<ModelUnderTest> models();

    /** h2c by prior knowledge: every case opens its connection with HTTP/2's preface. */
    @Override
    public final HttpProtocol speaks() {
        return HttpProtocol.H2C;
    }

    /** The attacks run: every one by default; a module's short form (in {@code mvn verify}) may run a few. */
    protected Stream<Http2Attack> attacks() {
        return Arrays.stream(Http2Attack.values());
    }

    /** How long an attack lasts at most: half a second here, seconds in a module's slow suite. */
    protected Duration attackLength() {
        return Duration.ofMillis(500);
    }

    /** How long the kit waits, once the attacker stops writing, for the server to end the attacking connection. */
    protected Duration closeWait() {
        return Duration.ofSeconds(1);
    }

    /** JVM flags of the model's child, after the kit's own. */
    protected List<String> childJvmFlags() {
        return List.of();
    }

    private Stream<Arguments> modelsAndAttacks() {
        List<Http2Attack> all = attacks().toList();
        return models().flatMap(model -> all.stream().map(attack -> Arguments.of(model, attack)));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("modelsAndAttacks")
    void anHttp2AttackLeavesTheServerInBoundedMemoryServingOthers(ModelUnderTest model, Http2Attack attack)
            throws Exception {
        Http2AttackOutcome outcome = attack(liveTarget(model), attack);
        String what = model + ", " + attack;
        System.out.println(what + ": " + outcome.figures());
        CaseFigures.record(outcome.figures());
        List<String> broken = outcome.broken();
        if (!broken.isEmpty()) {
            throw new AssertionError(what + ": " + String.join("; ", broken) + " (" + outcome.figures() + ")");
        }
    }

    @AfterAll
    void stopTargets() throws IOException {
        for (Target target : targets.values()) {
            target.close();
        }
        targets.clear();
    }

    private Target liveTarget(ModelUnderTest model) throws IOException {
        Target target = targets.get(model.label());
        if (target != null && target.isAlive()) {
            return target;
        }
        if (target != null) {
            target.close();
        }
        target = start(model);
        targets.put(model.label(), target);
        return target;
    }

    /**
     * Starts the server {@code model} names, h2c on: by default the model alone in a child JVM, warmed up with
     * bystanders so that a case's growth is not the JIT's. A suite against a peer (nginx) starts the peer instead.
     */
    protected Target start(ModelUnderTest model) throws IOException {
        List<String> flags = new ArrayList<>(BackpressureKit.childHeapFlags());
        flags.add("-D" + LeakProbe.HTTP2_PROPERTY + "=true");
        flags.addAll(childJvmFlags());
        String transport = model.configure().apply(ServerConfig.defaults()).transport();
        ProbeChild child = ProbeChild.start(model.name(), transport, IDLE_TIMEOUT, flags);
        try {
            int port = Integer.parseInt(child.expect("port")[1]);
            for (int i = 0; i < WARM_UP_BYSTANDERS; i++) {
                Http2Bystander.servedAtNanos(port, 10_000);
            }
            return new ChildTarget(child, port);
        } catch (IOException | RuntimeException | Error e) {
            child.close();
            throw e;
        }
    }

    /** A model in its child JVM. */
    private record ChildTarget(ProbeChild child, int port) implements Target {
        @Override
        public long rssKiB() throws IOException {
            return child.rssKiB();
        }

        @Override
        public long cpuMillis() throws IOException {
            return child.cpuMillis();
        }

        @Override
        public boolean isAlive() {
            return child.isAlive();
        }

        @Override
        public void close() throws IOException {
            child.close();
        }
    }

    private Http2AttackOutcome attack(Target server, Http2Attack attack) throws Exception {
        int port = server.port();
        long rssBefore = server.rssKiB();
        long rssMax = rssBefore;
        boolean stoppedAtGrowth = false;
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong sent = new AtomicLong();
        BystanderLoop bystanders = new BystanderLoop(port, stop);
        Http2AttackConnection connection = new Http2AttackConnection(port, attack.settings());
        try (connection) {
            if (attack.readsWhileAttacking()) {
                connection.startReading();
            }
            long cpuBefore = server.cpuMillis();
            long start = System.nanoTime();
            Thread attacker = Thread.ofPlatform().daemon().name("h2-attacker").start(() -> {
                try {
                    for (int n = 0; n < attack.maxBatches() && !stop.get(); n++) {
                        byte[] batch = attack.batch(n);
                        connection.write(batch);
                        connection.flush();
                        sent.addAndGet(batch.length);
                    }
                } catch (IOException e) {
                    // the server closed the connection, or the kit did: the end of the attack either way
                }
            });
            Thread bystanderThread =
                    Thread.ofPlatform().daemon().name("h2-bystanders").start(bystanders);
            long deadline = start + attackLength().toNanos();
            while (System.nanoTime() - deadline < 0 && attacker.isAlive() && server.isAlive()) {
                rssMax = Math.max(rssMax, server.rssKiB());
                if (rssMax - rssBefore > BackpressureKit.FLOOD_STOP_GROWTH) {
                    stoppedAtGrowth = true;
                    break;
                }
                attacker.join(SAMPLE_MILLIS);
            }
            stop.set(true);
            long attackNanos = System.nanoTime() - start;
            double attackCores = cores(server.isAlive() ? server.cpuMillis() - cpuBefore : 0, attackNanos);
            // Reading lets a server blocked on its output go on, and so the attacker's blocked write end.
            connection.startReading();
            attacker.join(closeWait().toMillis() + 2_000);
            bystanderThread.join(Http2AttackOutcome.BYSTANDER_BOUND_MILLIS + 2_000);
            connection.awaitEnd(closeWait().toMillis());
            if (server.isAlive()) {
                rssMax = Math.max(rssMax, server.rssKiB());
            }
            String endedBy = connection.endedBy();
            int goaway = connection.goawayCode();
            Map<Integer, Integer> resets = connection.resetsByCode();
            connection.close();
            return new Http2AttackOutcome(
                    attack,
                    sent.get(),
                    TimeUnit.NANOSECONDS.toMillis(attackNanos),
                    rssMax - rssBefore,
                    stoppedAtGrowth,
                    attackCores,
                    server.isAlive() ? settledCores(server) : 0,
                    goaway,
                    endedBy,
                    resets,
                    bystanders.answered,
                    bystanders.longestMillis,
                    bystanders.failure,
                    !server.isAlive());
        }
    }

    /**
     * The server's CPU use over a {@link #CPU_WINDOW} once the attacker has gone: the first window under
     * {@link Http2AttackOutcome#MAX_AFTER_CORES}, or the last before {@link #CPU_SETTLE_BOUND}.
     */
    private static double settledCores(Target server) throws IOException, InterruptedException {
        long end = System.nanoTime() + CPU_SETTLE_BOUND.toNanos();
        double cores;
        do {
            long cpu = server.cpuMillis();
            long start = System.nanoTime();
            Thread.sleep(CPU_WINDOW); // a measuring window, not a wait for the server
            cores = cores(server.cpuMillis() - cpu, System.nanoTime() - start);
        } while (cores > Http2AttackOutcome.MAX_AFTER_CORES && System.nanoTime() - end < 0);
        return cores;
    }

    private static double cores(long cpuMillis, long wallNanos) {
        return cpuMillis / (double) Math.max(1, TimeUnit.NANOSECONDS.toMillis(wallNanos));
    }

    /**
     * Bystanders one at a time until the attack stops, each on a new connection: the count answered, the longest
     * wait, and the first failure, which ends the loop. Its fields are read after its thread has ended.
     */
    private static final class BystanderLoop implements Runnable {
        private final int port;
        private final AtomicBoolean stop;
        volatile int answered;
        volatile long longestMillis;
        volatile String failure;

        BystanderLoop(int port, AtomicBoolean stop) {
            this.port = port;
            this.stop = stop;
        }

        @Override
        public void run() {
            do {
                long sent = System.nanoTime();
                try {
                    long servedAt =
                            Http2Bystander.servedAtNanos(port, (int) Http2AttackOutcome.BYSTANDER_BOUND_MILLIS + 1_000);
                    longestMillis = Math.max(longestMillis, TimeUnit.NANOSECONDS.toMillis(servedAt - sent));
                    answered++;
                    Thread.sleep(BYSTANDER_GAP_MILLIS);
                } catch (IOException e) {
                    failure =
                            e.toString() + " after " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent) + " ms";
                    return;
                } catch (InterruptedException e) {
                    return;
                }
            } while (!stop.get());
        }
    }
}
