package io.httpmodels.harness.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.UnknownModelException;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What {@code --models} selects: the default set, every model, none, or the names given. */
class ModelSelectionTest {

    private static final String VARIANT =
            ModelSelection.OUT_OF_DEFAULT.keySet().iterator().next();

    private final Map<String, HttpServerModel> found = registered("single-thread", VARIANT, "netty");

    @Test
    void withoutTheOptionEveryModelFoundRunsButTheVariantsLeftOutOfTheDefault() {
        ModelSelection selection = ModelSelection.of(null, found);
        assertEquals(List.of("single-thread", "netty"), selection.names());
        assertEquals(Map.of(VARIANT, ModelSelection.OUT_OF_DEFAULT.get(VARIANT)), selection.leftOut());
        assertTrue(selection.leftOutNote().contains(VARIANT), selection.leftOutNote());
        assertTrue(selection.leftOutNote().contains("--models all"), selection.leftOutNote());
    }

    @Test
    void aProfileBringsTheModelsItsQuestionNeedsIntoItsDefaultSet() {
        ModelSelection selection = ModelSelection.of(null, found, List.of(VARIANT));
        assertEquals(List.of("single-thread", VARIANT, "netty"), selection.names());
        assertEquals("", selection.leftOutNote());
    }

    @Test
    void aDefaultThatLeavesNothingOutSaysNothing() {
        ModelSelection selection = ModelSelection.of(null, registered("single-thread", "netty"));
        assertEquals(List.of("single-thread", "netty"), selection.names());
        assertEquals("", selection.leftOutNote());
    }

    @Test
    void allRunsEveryModelFoundInRegistrationOrder() {
        ModelSelection selection = ModelSelection.of(List.of("all"), found);
        assertEquals(List.of("single-thread", VARIANT, "netty"), selection.names());
        assertEquals("", selection.leftOutNote());
    }

    @Test
    void noneRunsNoModel() {
        assertEquals(List.of(), ModelSelection.of(List.of("none"), found).names());
    }

    @Test
    void namesRunInTheOrderGivenVariantsIncluded() {
        assertEquals(
                List.of("netty", VARIANT),
                ModelSelection.of(List.of("netty", VARIANT), found).names());
    }

    @Test
    void anUnknownNameIsRefusedWithTheKnownOnes() {
        UnknownModelException e =
                assertThrows(UnknownModelException.class, () -> ModelSelection.of(List.of("tomcat"), found));
        assertEquals(List.of("single-thread", VARIANT, "netty"), e.knownNames());
        assertTrue(e.getMessage().contains("'tomcat'"), e.getMessage());
    }

    @Test
    void aPeersNameIsRefusedWithTheFlagThatAddsIt() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> ModelSelection.of(List.of("netty", "go-nethttp"), found));
        assertTrue(e.getMessage().contains("--with go-nethttp"), e.getMessage());
    }

    @Test
    void allOrNoneBesideOtherNamesAndANameTwiceAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> ModelSelection.of(List.of("all", "netty"), found));
        assertThrows(IllegalArgumentException.class, () -> ModelSelection.of(List.of("netty", "none"), found));
        IllegalArgumentException twice =
                assertThrows(IllegalArgumentException.class, () -> ModelSelection.of(List.of("netty", "netty"), found));
        assertTrue(twice.getMessage().contains("twice"), twice.getMessage());
    }

    private static Map<String, HttpServerModel> registered(String... names) {
        Map<String, HttpServerModel> models = new LinkedHashMap<>();
        for (String name : names) {
            models.put(name, new Named(name));
        }
        return models;
    }

    /** A model that is only a name: selection never starts one. */
    private record Named(String name) implements HttpServerModel {
        @Override
        public String description() {
            return name;
        }

        @Override
        public RunningServer start(ServerConfig config) {
            throw new UnsupportedOperationException("selection never starts a model");
        }
    }
}
