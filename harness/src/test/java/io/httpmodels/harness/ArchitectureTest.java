package io.httpmodels.harness;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import io.httpmodels.harness.process.ChildServer;
import io.httpmodels.harness.process.ProcFs;
import io.httpmodels.harness.process.UsageSampler;
import io.httpmodels.harness.report.BrowserCheck;
import io.httpmodels.harness.report.ExpectedCharts;
import io.httpmodels.harness.report.PageCheck;
import io.httpmodels.load.LoadClient;
import io.httpmodels.load.LoadConfig;
import io.httpmodels.server.SourceTree;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.AccessibleObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The module boundaries, as rules over every module's production classes but the benchmarks'. The harness's test
 * class path holds them all (its own classes, the models at runtime scope, server-api, the load client), so the
 * rules live here; modules are told apart by package. bench-jmh's classes are checked by bench-jmh's own
 * {@code ArchitectureTest} (they find models by name, and its codec benchmark, in the netty model's package to
 * reach that model's package-private pipeline, uses only that model's classes): the harness does not depend on
 * bench-jmh, so it builds beside it instead of after it. Here bench-jmh is known by its package only, for the
 * rules about what may depend on it. The frameworks' modules (Jetty, Undertow, Vert.x, Helidon, Tomcat, moco) are not on
 * this class path either: model-folders, which writes their folders, checks their rules, so the harness need not wait
 * for them to build.
 *
 * <p>Each rule says what it guards in its {@code because}; {@link #theImportCoversEveryModule} makes sure no rule
 * can pass because a module's classes were never imported.
 */
class ArchitectureTest {

    /** Our modules and their packages. A model module is any sub-package of io.httpmodels.server but http, tls and db. */
    private enum Module {
        SERVER_API(
                "server-api",
                false,
                true,
                "io.httpmodels.server",
                "io.httpmodels.server.http..",
                "io.httpmodels.server.tls..",
                "io.httpmodels.server.db.."),
        SERVERS_BIO("servers-bio", true, true, "io.httpmodels.server.bio.."),
        SERVERS_NETTY("servers-netty", true, true, "io.httpmodels.server.netty.."),
        SERVERS_NIO("servers-nio", true, true, "io.httpmodels.server.nio.."),
        SERVERS_TIO("servers-tio", true, true, "io.httpmodels.server.tio.."),
        SERVERS_JDK("servers-jdk", true, true, "io.httpmodels.server.jdk.."),
        /* The frameworks: checked by model-folders' own ArchitectureTest; not on this class path. */
        SERVERS_JETTY("servers-jetty", true, false, "io.httpmodels.server.jetty.."),
        SERVERS_UNDERTOW("servers-undertow", true, false, "io.httpmodels.server.undertow.."),
        SERVERS_HELIDON("servers-helidon", true, false, "io.httpmodels.server.helidon.."),
        SERVERS_VERTX("servers-vertx", true, false, "io.httpmodels.server.vertx.."),
        SERVERS_TOMCAT("servers-tomcat", true, false, "io.httpmodels.server.tomcat.."),
        SERVERS_MOCO("servers-moco", true, false, "io.httpmodels.server.moco.."),
        LOAD_CLIENT("load-client", false, true, "io.httpmodels.load.."),
        HARNESS("harness", false, true, "io.httpmodels.harness.."),
        /** Checked by bench-jmh's own ArchitectureTest; not on this class path. */
        BENCH_JMH("bench-jmh", false, false, "io.httpmodels.bench..");

        final String directory;
        final boolean model;

        /** Whether its classes are on this test's class path, so imported and checked here. */
        final boolean imported;

        @SuppressWarnings("ImmutableEnumChecker") // List.of is immutable; Error Prone trusts only Guava's lists
        final List<String> packages;

        Module(String directory, boolean model, boolean imported, String... packages) {
            this.directory = directory;
            this.model = model;
            this.imported = imported;
            this.packages = List.of(packages);
        }

        DescribedPredicate<JavaClass> classes() {
            return JavaClass.Predicates.resideInAnyPackage(packages.toArray(String[]::new))
                    .as(directory);
        }

        static String[] packagesOf(Stream<Module> modules) {
            return modules.flatMap(module -> module.packages.stream()).toArray(String[]::new);
        }

        static String[] models() {
            return packagesOf(Arrays.stream(values()).filter(module -> module.model));
        }

        static Module of(JavaClass javaClass) {
            for (Module module : values()) {
                if (module.classes().test(javaClass)) {
                    return module;
                }
            }
            return null;
        }
    }

    private static JavaClasses production;

    @BeforeAll
    static void importEveryModule() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // server-api's test-jar (the kits, SourceTree) is on this class path for the tests: no production.
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("io.httpmodels");
    }

    @Test
    void serverApiDependsOnNoModelAndNotOnTheLoadClient() {
        noClasses()
                .that(Module.SERVER_API.classes())
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        Module.packagesOf(Stream.of(Module.values()).filter(module -> module != Module.SERVER_API)))
                .because("server-api is the seam every model, the kit, the harness and the benchmarks build on; a"
                        + " dependency back would tie it to one of them")
                .check(production);
    }

    @Test
    void noModelDependsOnAnother() {
        slices().assignedFrom(new SliceAssignment() {
                    @Override
                    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                        Module module = Module.of(javaClass);
                        return module != null && module.model
                                ? SliceIdentifier.of(module.directory)
                                : SliceIdentifier.ignore();
                    }

                    @Override
                    public String getDescription() {
                        return "model modules";
                    }
                })
                .should()
                .notDependOnEachOther()
                .because("each model is measured on its own code: what two models share belongs in server-api")
                .check(production);
    }

    @Test
    void theLoadClientKnowsNothingOfTheServers() {
        noClasses()
                .that(Module.LOAD_CLIENT.classes())
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        Module.packagesOf(Stream.of(Module.values()).filter(module -> module != Module.LOAD_CLIENT)))
                .because("the load client measures any HTTP server (ours, nginx) through a socket only, so it can't"
                        + " favour ours")
                .check(production);
    }

    /** bench-jmh's ArchitectureTest holds its benchmarks to the same. */
    @Test
    void theHarnessFindsModelsThroughServiceLoader() {
        noClasses()
                .that(Module.HARNESS.classes())
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(Module.models())
                .because("they find a model by name (ServerModels, ServiceLoader): a new model needs no change"
                        + " there, and none is driven differently from the others")
                .check(production);
    }

    @Test
    void noClassImportsTheCommandLineClass() {
        noClasses()
                .that()
                .doNotHaveFullyQualifiedName(HttpModelsCli.class.getName())
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName(HttpModelsCli.class.getName())
                .because("the command line lists the commands; a command that reached back to it would make a cycle"
                        + " (a harness JVM is started by HarnessJvm.MAIN_CLASS, the project found by ProjectRoot)")
                .check(production);
    }

    @Test
    void theCommandsMeasureOnlyThroughTheMeasuringStep() {
        List<String> measuring = List.of(
                LoadClient.class.getName(),
                LoadConfig.class.getName(),
                UsageSampler.class.getName(),
                ProcFs.class.getName(),
                ChildServer.class.getName(),
                "io.httpmodels.harness.targets.RunningTarget",
                "io.httpmodels.harness.targets.ModelProcess",
                "io.httpmodels.harness.targets.PeerProcess",
                "io.httpmodels.harness.targets.ExternalServer");
        noClasses()
                .that()
                .resideInAnyPackage(
                        "io.httpmodels.harness.compare..",
                        "io.httpmodels.harness.regress..",
                        "io.httpmodels.harness.overhead..")
                .should()
                .dependOnClassesThat(DescribedPredicate.describe(
                        "drive the load client, sample a server or own a target's process",
                        (JavaClass javaClass) -> measuring.contains(javaClass.getName())))
                .because(
                        "compare, regress and overhead are schedules over one measuring step (measure), and reach targets"
                                + " only through TargetSpec, ModelJvm and TargetLauncher: a command that measured itself"
                                + " would measure its own way again")
                .check(production);
    }

    @Test
    void theResultsAreDataThatKnowsNoCommand() {
        noClasses()
                .that()
                .resideInAPackage("io.httpmodels.harness.results..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "io.httpmodels.harness.compare..",
                        "io.httpmodels.harness.regress..",
                        "io.httpmodels.harness.merge..",
                        "io.httpmodels.harness.distribute..",
                        "io.httpmodels.harness.measure..",
                        "io.httpmodels.harness.targets..",
                        "io.httpmodels.harness.report..",
                        "io.httpmodels.harness.process..",
                        "io.httpmodels.harness.cli..")
                .because("results.json's record tree is read by every writer and by report, merge and regress"
                        + " --baseline: it must not depend on how any command made it")
                .check(production);
    }

    @Test
    void theReportsReadOnlyTheResults() {
        noClasses()
                .that()
                .resideInAPackage("io.httpmodels.harness.report..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "io.httpmodels.harness.compare..",
                        "io.httpmodels.harness.regress..",
                        "io.httpmodels.harness.measure..",
                        "io.httpmodels.harness.targets..",
                        "io.httpmodels.harness.process..")
                .because("the writers render results.json and nothing else, so 'report' can re-render any old run")
                .check(production);
    }

    @Test
    void noProductionClassOpensAnotherLibrarysPrivateState() {
        noClasses()
                .should()
                .callMethod(MethodHandles.class, "privateLookupIn", Class.class, MethodHandles.Lookup.class)
                .orShould()
                .callMethodWhere(target(nameMatching("(try)?[sS]etAccessible"))
                        .and(target(owner(assignableTo(AccessibleObject.class)))))
                .because("a library's private fields are not its contract: a patch release may rename them, and"
                        + " code reading them breaks or silently stops checking; use what the library exposes")
                .check(production);
    }

    @Test
    void theBrowserCheckShipsInNoProductionJar() {
        noClasses()
                .should()
                .haveFullyQualifiedName(BrowserCheck.class.getName())
                .orShould()
                .haveFullyQualifiedName(PageCheck.class.getName())
                .orShould()
                .haveFullyQualifiedName(ExpectedCharts.class.getName())
                .because("it starts Chromium on a page for the tests and .ci/run: it lives in the harness's test"
                        + " classes so that harness.jar and its lib/, what users run, do not carry it")
                .check(production);
    }

    @Test
    void everyProductionClassBelongsToAKnownModule() {
        classes()
                .should()
                .resideInAnyPackage(Module.packagesOf(Stream.of(Module.values())))
                .because("the rules above know modules by package: a new package needs a place here first")
                .check(production);
    }

    /**
     * Guards the rules against passing vacuously: every module that exists has each of its production sources
     * imported as a top-level class, read from that module's own build output (not from a copy in another jar).
     */
    @Test
    void theImportCoversEveryModule() throws IOException {
        Path root = Path.of(System.getProperty("httpmodels.root", ".."));
        assertTrue(Files.isRegularFile(root.resolve("pom.xml")), "the project's root: " + root.toAbsolutePath());
        for (Module module : Module.values()) {
            Path sources = root.resolve(module.directory).resolve("src/main/java");
            // A module checked elsewhere must not come back onto this class path unnoticed, nor a class in its
            // package be built by another module.
            Set<String> expected = module.imported ? SourceTree.topLevelClassesIn(sources) : Set.of();
            Set<String> imported = production.stream()
                    .filter(module.classes())
                    .filter(javaClass -> javaClass.isTopLevelClass())
                    .map(JavaClass::getName)
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(expected, imported, module.directory + ": imported production classes");
            if (module.imported && Files.isDirectory(sources)) {
                assertFalse(expected.isEmpty(), module.directory + " has sources");
            }
            production.stream().filter(module.classes()).forEach(javaClass -> {
                String location = javaClass
                        .getSource()
                        .map(source -> source.getUri().toString())
                        .orElse("");
                assertTrue(
                        location.contains("/" + module.directory + "/"),
                        javaClass.getName() + " was read from " + location);
            });
        }
    }
}
