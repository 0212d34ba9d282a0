package io.httpmodels.bench;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.conditions.ArchConditions.be;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.SourceTree;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.AccessibleObject;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The module boundaries as they concern this module's production classes, the benchmarks. The harness's
 * {@code ArchitectureTest} holds the rules over every other module; these are the ones about bench-jmh, checked
 * here, over this module's own build output, so that the harness need not wait for this module to build. The
 * classes they depend on (server-api, the load client, the models) are read from the class path as needed.
 * JMH's generated classes ({@code jmh_generated}) are not imported: they are not our sources.
 *
 * <p>A model's package is any sub-package of {@code io.httpmodels.server} but {@code http} (server-api's codec),
 * as the harness's rules know them; {@link #theImportCoversThisModule} makes sure no rule can pass because the
 * classes were never imported.
 */
class ArchitectureTest {

    private static final String MODELS = "io.httpmodels.server.";

    private static final String SERVER_API_CODEC = "io.httpmodels.server.http";

    /** Classes in a model's package, wherever they were built. */
    private static final DescribedPredicate<JavaClass> IN_A_MODELS_PACKAGE =
            DescribedPredicate.describe("in a model's package", javaClass -> modelOf(javaClass) != null);

    private static JavaClasses benchmarks;

    @BeforeAll
    static void importThisModule() {
        benchmarks = new ClassFileImporter()
                .withImportOption(location -> !location.contains("/jmh_generated/"))
                .importPath(outputDirectory());
    }

    @Test
    void theBenchmarksFindModelsThroughServiceLoader() {
        noClasses()
                .that(not(IN_A_MODELS_PACKAGE))
                .should()
                .dependOnClassesThat(IN_A_MODELS_PACKAGE)
                .because("they find a model by name (ServerModels, ServiceLoader): a new model needs no change"
                        + " there, and none is driven differently from the others")
                .check(benchmarks);
    }

    @Test
    void aBenchmarkInAModelsPackageMeasuresItsCodecAndStartsNoModel() {
        classes()
                .that(IN_A_MODELS_PACKAGE)
                .should(new ArchCondition<JavaClass>("use only its own model's classes, and start no model") {
                    @Override
                    public void check(JavaClass benchmark, ConditionEvents events) {
                        String own = modelOf(benchmark);
                        for (Dependency dependency : benchmark.getDirectDependenciesFromSelf()) {
                            JavaClass target = dependency.getTargetClass();
                            String model = modelOf(target);
                            boolean otherModel = model != null && !model.equals(own);
                            boolean startsAModel = target.isAssignableTo(HttpServerModel.class)
                                    && !target.isEquivalentTo(HttpServerModel.class);
                            if (otherModel || startsAModel) {
                                events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                            }
                        }
                    }
                })
                .because("such a benchmark exists only to reach its model's package-private codec (the netty"
                        + " pipeline in an EmbeddedChannel); running a model goes through ServerModels, by name")
                .check(benchmarks);
    }

    @Test
    void theBenchmarksKnowNothingOfTheHarness() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.httpmodels.harness..")
                .because("the harness is the command line over the models and the load client; a benchmark that"
                        + " reached into it (its command-line class above all) would measure the harness's way of"
                        + " running a model, not the model")
                .check(benchmarks);
    }

    @Test
    void noBenchmarkOpensAnotherLibrarysPrivateState() {
        noClasses()
                .should()
                .callMethod(MethodHandles.class, "privateLookupIn", Class.class, MethodHandles.Lookup.class)
                .orShould()
                .callMethodWhere(target(nameMatching("(try)?[sS]etAccessible"))
                        .and(target(owner(assignableTo(AccessibleObject.class)))))
                .because("a library's private fields are not its contract: a patch release may rename them, and"
                        + " code reading them breaks or silently stops checking; use what the library exposes")
                .check(benchmarks);
    }

    @Test
    void everyBenchmarkClassIsInTheBenchmarksPackageOrAModels() {
        classes()
                .should()
                .resideInAPackage("io.httpmodels.bench..")
                .orShould(be(IN_A_MODELS_PACKAGE))
                .because("the harness's rules know modules by package, and a model's package holds only what"
                        + " benchmarks that model's package-private code")
                .check(benchmarks);
    }

    /**
     * Guards the rules against passing vacuously: every production source of this module is imported as a
     * top-level class from this module's build output, and nothing else is.
     */
    @Test
    void theImportCoversThisModule() throws IOException {
        Set<String> expected = SourceTree.topLevelClassesIn(Path.of("src/main/java"));
        assertFalse(
                expected.isEmpty(),
                "bench-jmh has sources (run from its folder: " + Path.of("").toAbsolutePath());
        Set<String> imported = benchmarks.stream()
                .filter(JavaClass::isTopLevelClass)
                .map(JavaClass::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(expected, imported, "bench-jmh: imported production classes");
    }

    /** The model a class's package belongs to (its package's first part under io.httpmodels.server); null for none. */
    private static String modelOf(JavaClass javaClass) {
        String packageName = javaClass.getPackageName();
        if (!packageName.startsWith(MODELS)
                || packageName.equals(SERVER_API_CODEC)
                || packageName.startsWith(SERVER_API_CODEC + ".")) {
            return null;
        }
        String model = packageName.substring(MODELS.length());
        int dot = model.indexOf('.');
        return dot < 0 ? model : model.substring(0, dot);
    }

    /** This module's compiled production classes: surefire runs in the module's folder. */
    private static Path outputDirectory() {
        return Path.of("target/classes");
    }
}
