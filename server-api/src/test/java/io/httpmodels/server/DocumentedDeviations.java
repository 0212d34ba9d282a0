package io.httpmodels.server;

import static java.nio.charset.StandardCharsets.UTF_8;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestWatcher;
import org.opentest4j.TestAbortedException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The kits' extension for {@link ModelUnderTest#deviations()}: a case a model is documented to answer differently
 * still runs, and must still fail with an {@link AssertionError}, or with an {@link IOException} from the
 * connection (the server closed it without an answer, or never answered before the read timeout: what a server that
 * ignores a request does). Then it passes, as documented; if it passes it fails with "documented deviation no
 * longer happens: remove it", so the list cannot rot. Any other exception (a bug in the kit) still fails the case. A case with no deviation runs untouched, so a model with none is tested exactly as before.
 *
 * <p>After each kit class, per model, every case that ran is written with its outcome to
 * {@code target/conformance/<model>.<kit>.json} ({@link KitRecord}; the module's directory under Surefire), which
 * {@code httpmodels conformance} collects into the matrix; and every deviation seen to
 * {@code target/conformance/<model>.<kit>.tsv}, one line a case: {@link #TSV_HEADER} (a model with no deviation
 * writes no TSV).
 */
public final class DocumentedDeviations implements InvocationInterceptor, AfterAllCallback, TestWatcher {

    /** The columns of the TSV files, tab-separated. */
    public static final String TSV_HEADER = "model\tkit\ttest\tcase\tinstead\trule\twords\tfailure";

    /** Where the TSV files go, relative to the working directory. */
    public static final Path DIRECTORY = Path.of("target", "conformance");

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(DocumentedDeviations.class);

    /** Whether the case this thread runs is on record for no answer ({@link Deviation#silent()}). */
    private static final ThreadLocal<Boolean> SILENT_CASE = ThreadLocal.withInitial(() -> false);

    /**
     * How long a kit's read waits in the case this thread runs: {@link RawHttpConnection#SILENCE_MILLIS} when the case
     * is on record for no answer from its model, {@link RawHttpConnection#READ_TIMEOUT_MILLIS} otherwise (every case
     * of a model without that deviation, and every thread a case starts).
     */
    public static int readTimeoutMillis() {
        return SILENT_CASE.get() ? RawHttpConnection.SILENCE_MILLIS : RawHttpConnection.READ_TIMEOUT_MILLIS;
    }

    /** One deviating case as it ran: the model's label, the deviation and the assertion's message. */
    record Observed(String model, Deviation deviation, String failure) {}

    @Override
    public void interceptTestTemplateMethod(
            Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        List<Object> arguments = invocationContext.getArguments();
        Optional<ModelUnderTest> model = arguments.stream()
                .filter(ModelUnderTest.class::isInstance)
                .map(ModelUnderTest.class::cast)
                .findFirst();
        String method = invocationContext.getExecutable().getName();
        if (model.isEmpty()) {
            invocation.proceed();
            return;
        }
        String label = model.get().label();
        declaredProtocols(model.get())
                .ifPresent(p -> protocols(extensionContext).putIfAbsent(label, p));
        String caseName = caseName(arguments);
        List<Ran> ran = ran(extensionContext);
        Optional<Deviation> deviation = model.get().deviationFor(method, arguments);
        CaseFigures.take(); // nothing a case before left
        if (deviation.isEmpty()) {
            try {
                invocation.proceed();
            } catch (TestAbortedException aborted) {
                ran.add(new Ran(label, plain(method, caseName, CaseOutcome.ABORTED, aborted.getMessage())));
                throw aborted;
            } catch (Throwable failure) {
                ran.add(new Ran(label, plain(method, caseName, CaseOutcome.FAILED, message(failure))));
                throw failure;
            }
            ran.add(new Ran(label, plain(method, caseName, CaseOutcome.PASSED, null)));
            return;
        }
        Throwable outcome = null;
        SILENT_CASE.set(deviation.get().silent());
        try {
            invocation.proceed();
        } catch (AssertionError | IOException failure) {
            outcome = failure;
        } catch (Throwable failure) {
            ran.add(new Ran(label, plain(method, caseName, CaseOutcome.FAILED, message(failure))));
            throw failure;
        } finally {
            SILENT_CASE.remove();
        }
        AssertionError failure;
        try {
            failure = verdict(deviation.get(), outcome);
        } catch (AssertionError stale) {
            ran.add(new Ran(label, plain(method, caseName, CaseOutcome.FAILED, stale.getMessage())));
            throw stale;
        }
        observed(extensionContext).add(new Observed(label, deviation.get(), failure.getMessage()));
        ran.add(new Ran(
                label,
                CaseRecord.deviation(method, caseName, deviation.get(), failure.getMessage(), CaseFigures.take())));
    }

    /** A case with no deviation, with what it measured ({@link CaseFigures}). */
    private static CaseRecord plain(String method, String caseName, CaseOutcome outcome, String failure) {
        return CaseRecord.plain(method, caseName, outcome, failure, CaseFigures.take());
    }

    /**
     * A plain test (not parameterised by model, such as {@code dateChangesAsTimePassesOnEveryModel}) covers every
     * model of its class at once: its outcome is recorded for each model the class ran.
     */
    @Override
    public void interceptTestMethod(
            Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        String method = invocationContext.getExecutable().getName();
        List<CaseRecord> everyModel = classList(extensionContext, "everyModel");
        CaseFigures.take();
        try {
            invocation.proceed();
        } catch (TestAbortedException aborted) {
            everyModel.add(plain(method, "", CaseOutcome.ABORTED, aborted.getMessage()));
            throw aborted;
        } catch (Throwable failure) {
            everyModel.add(plain(method, "", CaseOutcome.FAILED, message(failure)));
            throw failure;
        }
        everyModel.add(plain(method, "", CaseOutcome.PASSED, null));
    }

    /**
     * A kit case a module's class disables (with {@code @Disabled} or a condition, such as Jetty's close case, which
     * another test runs instead) is recorded as {@link CaseOutcome#NOT_RUN} for every model of the class, with the
     * reason the condition gave.
     */
    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        String method = context.getRequiredTestMethod().getName();
        classList(context, "everyModel")
                .add(CaseRecord.notRun(
                        method, "", reason.orElse("disabled by the module's kit class, with no reason")));
    }

    /** One case as it ran for the model labelled {@code model}. */
    record Ran(String model, CaseRecord record) {}

    /** A case's name: its first argument after the model ({@code "chunk over the limit"}, {@code NEVER}), or "". */
    static String caseName(List<Object> arguments) {
        return arguments.size() > 1 ? String.valueOf(arguments.get(1)) : "";
    }

    private static String message(Throwable failure) {
        return failure.getMessage() == null ? failure.getClass().getName() : failure.getMessage();
    }

    /**
     * The outcome of a documented case: the case's own {@link AssertionError} when it failed as documented, or one
     * saying what the connection did when it ended in an {@link IOException}.
     *
     * @throws AssertionError "documented deviation no longer happens: remove it" when it passed ({@code outcome}
     *     null)
     */
    static AssertionError verdict(Deviation deviation, Throwable outcome) {
        if (outcome instanceof AssertionError failure) {
            return failure;
        }
        if (outcome instanceof IOException failure) {
            return new AssertionError("no answer: " + failure, failure);
        }
        throw new AssertionError("documented deviation no longer happens: remove it: " + deviation);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        String kit = context.getRequiredTestClass().getSimpleName();
        List<Ran> ran = new ArrayList<>(ran(context));
        List<CaseRecord> everyModel = classList(context, "everyModel");
        for (String model : ran.stream().map(Ran::model).distinct().toList()) {
            everyModel.forEach(c -> ran.add(new Ran(model, c)));
        }
        context.getTestInstance()
                .filter(KitCoverage.class::isInstance)
                .map(KitCoverage.class::cast)
                .ifPresent(coverage -> ran.addAll(notRun(coverage.notRun().toList(), ran)));
        HttpProtocol speaks = context.getTestInstance()
                .filter(KitCoverage.class::isInstance)
                .map(instance -> ((KitCoverage) instance).speaks())
                .orElse(HttpProtocol.HTTP_1_1);
        writeRecords(
                DIRECTORY,
                new KitClass(kit, kitContract(context.getRequiredTestClass()), speaks, protocols(context)),
                ran);
        List<Observed> seen = observed(context);
        if (seen.isEmpty()) {
            return;
        }
        Map<String, List<String>> byModel = new TreeMap<>();
        for (Observed observed : seen) {
            byModel.computeIfAbsent(observed.model(), m -> new ArrayList<>()).add(tsvLine(kit, observed));
        }
        try {
            Files.createDirectories(DIRECTORY);
            for (Map.Entry<String, List<String>> entry : byModel.entrySet()) {
                List<String> lines = new ArrayList<>();
                lines.add(TSV_HEADER);
                lines.addAll(entry.getValue().stream().sorted().toList());
                Files.write(DIRECTORY.resolve(fileName(entry.getKey()) + "." + kit + ".tsv"), lines, UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Every case of {@code ran} (by test and case, whichever model ran it) as {@link CaseOutcome#NOT_RUN} for each
     * model of {@code notRun} that did not run it, with its reason.
     */
    static List<Ran> notRun(List<NotRun> notRun, List<Ran> ran) {
        Map<List<String>, CaseRecord> cases = new TreeMap<>(java.util.Comparator.comparing(List::toString));
        Map<String, java.util.Set<List<String>>> ranBy = new TreeMap<>();
        synchronized (ran) {
            for (Ran r : ran) {
                List<String> key = List.of(r.record().test(), r.record().caseName());
                cases.putIfAbsent(key, r.record());
                ranBy.computeIfAbsent(r.model(), m -> new java.util.HashSet<>()).add(key);
            }
        }
        List<Ran> left = new ArrayList<>();
        for (NotRun model : notRun) {
            java.util.Set<List<String>> itsOwn = ranBy.getOrDefault(model.label(), java.util.Set.of());
            for (List<String> key : cases.keySet()) {
                if (!itsOwn.contains(key)) {
                    left.add(new Ran(model.label(), CaseRecord.notRun(key.get(0), key.get(1), model.reason())));
                }
            }
        }
        return left;
    }

    /**
     * What every record of one kit class says beside its cases.
     *
     * @param kit the class, by simple name
     * @param contract the kit contract it extends
     * @param speaks the protocol its cases speak
     * @param protocols the protocols each model it ran declares, by label; a model absent has none on record
     */
    record KitClass(String kit, String contract, HttpProtocol speaks, Map<String, List<String>> protocols) {

        KitClass {
            protocols = Map.copyOf(protocols);
        }
    }

    /** The protocols {@code model} declares, by id in the enum's order; empty for a model this JVM does not know. */
    static Optional<List<String>> declaredProtocols(ModelUnderTest model) {
        try {
            Set<HttpProtocol> spoken = model.model().protocols();
            return Optional.of(Arrays.stream(HttpProtocol.values())
                    .filter(spoken::contains)
                    .map(HttpProtocol::id)
                    .toList());
        } catch (UnknownModelException peer) {
            return Optional.empty();
        }
    }

    /** Writes one {@link KitRecord} per model of {@code ran} into {@code directory}, each whole. */
    static void writeRecords(Path directory, KitClass kitClass, List<Ran> ran) {
        Map<String, List<CaseRecord>> byModel = new TreeMap<>();
        synchronized (ran) {
            for (Ran r : ran) {
                byModel.computeIfAbsent(r.model(), m -> new ArrayList<>()).add(r.record());
            }
        }
        try {
            for (Map.Entry<String, List<CaseRecord>> entry : byModel.entrySet()) {
                new KitRecord(
                                KitRecord.SCHEMA,
                                entry.getKey(),
                                kitClass.kit(),
                                kitClass.contract(),
                                kitClass.speaks().id(),
                                kitClass.protocols().get(entry.getKey()),
                                entry.getValue())
                        .write(directory.resolve(fileName(entry.getKey()) + "." + kitClass.kit() + ".json"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The kit contract {@code testClass} extends ({@code ConformanceKit}), or its own name if none. */
    static String kitContract(Class<?> testClass) {
        for (Class<?> c = testClass; c != null; c = c.getSuperclass()) {
            if (c.getPackageName().equals(DocumentedDeviations.class.getPackageName())
                    && c.getSimpleName().endsWith("Kit")) {
                return c.getSimpleName();
            }
        }
        return testClass.getSimpleName();
    }

    /** One TSV line for {@code observed} in {@code kit}: tabs and line breaks in a field become spaces. */
    static String tsvLine(String kit, Observed observed) {
        Deviation d = observed.deviation();
        return String.join(
                "\t",
                List.of(
                        field(observed.model()),
                        field(kit),
                        field(d.test()),
                        field(d.caseName()),
                        field(d.instead()),
                        field(d.rule().reference()),
                        field(d.rule().words()),
                        field(String.valueOf(observed.failure()))));
    }

    private static String field(String value) {
        return value.replaceAll("[\\t\\r\\n]+", " ");
    }

    /** A model's label as a file name: {@code netty (epoll)} becomes {@code netty-epoll}. */
    static String fileName(String label) {
        return label.replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^-|-$", "");
    }

    private static List<Observed> observed(ExtensionContext context) {
        return classList(context, "observed");
    }

    private static List<Ran> ran(ExtensionContext context) {
        return classList(context, "ran");
    }

    /** The protocols each model the class ran declares, by label. */
    @SuppressWarnings("unchecked")
    private static Map<String, List<String>> protocols(ExtensionContext context) {
        return classStore(context)
                .computeIfAbsent(
                        "protocols",
                        k -> java.util.Collections.synchronizedMap(new TreeMap<String, List<String>>()),
                        Map.class);
    }

    @SuppressWarnings("unchecked")
    private static <T> List<T> classList(ExtensionContext context, String key) {
        return classStore(context)
                .computeIfAbsent(key, k -> java.util.Collections.synchronizedList(new ArrayList<T>()), List.class);
    }

    /** The store of the test class {@code context} belongs to, shared by its methods and their invocations. */
    private static ExtensionContext.Store classStore(ExtensionContext context) {
        ExtensionContext classContext = context;
        while (classContext.getTestMethod().isPresent()
                && classContext.getParent().isPresent()) {
            classContext = classContext.getParent().get();
        }
        return classContext.getStore(NAMESPACE);
    }
}
