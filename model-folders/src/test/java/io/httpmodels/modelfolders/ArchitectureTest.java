package io.httpmodels.modelfolders;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.httpmodels.server.SourceTree;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.AccessibleObject;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The module boundaries as they concern the frameworks' modules. The harness's {@code ArchitectureTest} holds the
 * rules over every other module; these are the same rules for the frameworks, checked here because this module is
 * the one that depends on them (to write their folders), so that the harness need not wait for them to build.
 */
class ArchitectureTest {

    /** The framework modules and their packages. */
    enum Framework {
        JETTY("servers-jetty", "jetty"),
        UNDERTOW("servers-undertow", "undertow"),
        VERTX("servers-vertx", "vertx"),
        HELIDON("servers-helidon", "helidon"),
        TOMCAT("servers-tomcat", "tomcat"),
        MOCO("servers-moco", "moco");

        final String directory;
        final String pkg;

        Framework(String directory, String name) {
            this.directory = directory;
            this.pkg = "io.httpmodels.server." + name;
        }
    }

    private static final Path ROOT = Path.of(System.getProperty("httpmodels.root", ".."));

    private static JavaClasses frameworks;

    @BeforeAll
    static void importTheFrameworks() {
        // Each module's own build output, not the class path: scanning every framework's jars for the packages
        // took most of this test's time. The classes they depend on need only their names (archunit.properties).
        frameworks = new ClassFileImporter()
                .importPaths(Stream.of(Framework.values())
                        .map(framework -> ROOT.resolve(framework.directory).resolve("target/classes"))
                        .toList());
    }

    @ParameterizedTest
    @EnumSource(Framework.class)
    void aFrameworkDependsOnServerApiAndItsOwnLibrariesOnly(Framework framework) {
        noClasses()
                .that()
                .resideInAPackage(framework.pkg + "..")
                .should()
                .dependOnClassesThat(JavaClass.Predicates.resideInAPackage("io.httpmodels..")
                        .and(JavaClass.Predicates.resideOutsideOfPackages(
                                framework.pkg + "..",
                                "io.httpmodels.server",
                                "io.httpmodels.server.http..",
                                "io.httpmodels.server.tls..",
                                "io.httpmodels.server.db..")))
                .because("each model is measured on its own code (what two models share belongs in server-api), and"
                        + " a framework's JVM has only the harness's class path and its own folder: it knows no"
                        + " other model, nor the harness, the load client or the benchmarks")
                .check(frameworks);
    }

    @ParameterizedTest
    @EnumSource(Framework.class)
    void aFrameworkOpensNoLibrarysPrivateState(Framework framework) {
        noClasses()
                .that()
                .resideInAPackage(framework.pkg + "..")
                .should()
                .callMethod(MethodHandles.class, "privateLookupIn", Class.class, MethodHandles.Lookup.class)
                .orShould()
                // By the owner's package, not its type: the JDK's classes are not imported (archunit.properties).
                .callMethodWhere(target(nameMatching("(try)?[sS]etAccessible"))
                        .and(target(owner(resideInAPackage(AccessibleObject.class.getPackageName())))))
                .because("a framework's private fields are not its contract: a patch release may rename them;"
                        + " configure it through what it exposes")
                .check(frameworks);
    }

    /**
     * Guards the rules against passing vacuously: each framework module's production sources are all imported, as
     * top-level classes read from that module's own build output.
     */
    @ParameterizedTest
    @EnumSource(Framework.class)
    void theImportCoversTheFramework(Framework framework) throws IOException {
        Path sources = ROOT.resolve(framework.directory).resolve("src/main/java");
        Set<String> expected = SourceTree.topLevelClassesIn(sources);
        assertFalse(expected.isEmpty(), framework.directory + " has sources in " + sources.toAbsolutePath());
        Set<JavaClass> imported = frameworks.stream()
                .filter(javaClass -> javaClass.getPackageName().startsWith(framework.pkg))
                .filter(JavaClass::isTopLevelClass)
                .collect(Collectors.toSet());
        assertEquals(
                expected,
                imported.stream().map(JavaClass::getName).collect(Collectors.toCollection(TreeSet::new)),
                framework.directory + ": imported production classes");
        for (JavaClass javaClass : imported) {
            String location = javaClass
                    .getSource()
                    .map(source -> source.getUri().toString())
                    .orElse("");
            assertTrue(
                    location.contains("/" + framework.directory + "/"),
                    javaClass.getName() + " was read from " + location);
        }
    }
}
