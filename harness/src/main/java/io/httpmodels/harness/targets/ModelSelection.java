package io.httpmodels.harness.targets;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.UnknownModelException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Which models a command measures, from its {@code --models} list: the names given, {@code all} for every model
 * found, {@code none} for none (foreign targets only), and without the option the default set — every model found
 * except those {@link #OUT_OF_DEFAULT} names, each with why it is left out. A comparison of every model in every
 * default scenario would outgrow the few minutes a first run should take: the variants left out differ from a model
 * in the default set by one setting, and a model whose HTTP breaks most of the conformance kit's rules is not a
 * row a first reader should take at its word. {@code --models all} or their names bring them back.
 *
 * @param names the models to measure, in order, each registered
 * @param leftOut the registered models the default left out, with why (empty when {@code --models} was given)
 */
public record ModelSelection(List<String> names, Map<String, String> leftOut) {

    /** The models the default set leaves out, each with why; {@code --models all} runs them. */
    public static final Map<String, String> OUT_OF_DEFAULT = outOfDefault();

    public ModelSelection {
        names = List.copyOf(names);
        leftOut = Map.copyOf(leftOut);
    }

    private static Map<String, String> outOfDefault() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put(
                "jdk-httpserver",
                "the JDK's own server: out of the default run's time (docs/model-notes/jdk-httpserver.md)");
        out.put("jdk-httpserver-virtual", "jdk-httpserver with virtual threads: one setting from it");
        out.put("tio", "answers 41 of the conformance kit's 52 cases otherwise (on record: docs/model-notes/tio.md)");
        // The frameworks: each would add a row to every scenario, past the default run's time; their own run
        // is `--models jetty,tomcat,undertow,helidon,vertx,netty` (docs/frameworks.md).
        for (String framework :
                List.of("jetty", "jetty-virtual", "tomcat", "tomcat-virtual", "undertow", "helidon", "vertx")) {
            out.put(framework, "a framework: out of the default run's time (docs/frameworks.md)");
        }
        // The articles' own Java server (FunTester's), a stub server: their comparison is its run,
        // `--models moco,netty --with go-nethttp,go-fasthttp -c 1,5,10 --work 0` (docs/frameworks.md).
        out.put(
                "moco",
                "a stub server (the articles' FunTester): out of the default run's time, and answers 29 of the"
                        + " conformance kit's 52 cases otherwise (docs/model-notes/moco.md)");
        return out;
    }

    /**
     * Resolves {@code requested} (null when {@code --models} was not given) against the registered models.
     *
     * @throws UnknownModelException for a name no model has; its message lists the known ones
     * @throws IllegalArgumentException for {@code all} or {@code none} beside other names, a name given twice, or a
     *     reference peer's name (its message says {@code --with} adds it)
     */
    public static ModelSelection of(List<String> requested, Map<String, HttpServerModel> found) {
        return of(requested, found, List.of());
    }

    /**
     * {@link #of(List, Map)}, with {@code alsoByDefault} in the default set though {@link #OUT_OF_DEFAULT} names
     * them: the models a profile's question needs (its caller says which and why).
     */
    public static ModelSelection of(
            List<String> requested, Map<String, HttpServerModel> found, List<String> alsoByDefault) {
        if (requested == null) {
            List<String> names = new ArrayList<>();
            Map<String, String> leftOut = new LinkedHashMap<>();
            for (String name : found.keySet()) {
                String why = alsoByDefault.contains(name) ? null : OUT_OF_DEFAULT.get(name);
                if (why == null) {
                    names.add(name);
                } else {
                    leftOut.put(name, why);
                }
            }
            return new ModelSelection(names, leftOut);
        }
        if (requested.size() > 1 && (requested.contains("all") || requested.contains("none"))) {
            throw new IllegalArgumentException(
                    "--models: all and none stand alone, got " + String.join(",", requested));
        }
        if (requested.equals(List.of("all"))) {
            return new ModelSelection(new ArrayList<>(found.keySet()), Map.of());
        }
        if (requested.equals(List.of("none"))) {
            return new ModelSelection(List.of(), Map.of());
        }
        for (String name : requested) {
            if (!found.containsKey(name)) {
                if (Arrays.stream(Peer.values()).anyMatch(peer -> peer.label().equals(name))) {
                    throw new IllegalArgumentException("--models: " + name + " is a reference peer, not a model of"
                            + " this project: add it with --with " + name);
                }
                throw new UnknownModelException(name, new ArrayList<>(found.keySet()));
            }
        }
        if (requested.stream().distinct().count() != requested.size()) {
            throw new IllegalArgumentException("--models names a model twice: " + String.join(",", requested));
        }
        return new ModelSelection(requested, Map.of());
    }

    /**
     * One line saying what the default left out and how to bring it back, or an empty string when it left out
     * nothing.
     */
    public String leftOutNote() {
        if (leftOut.isEmpty()) {
            return "";
        }
        return "left out of the default set (--models all runs every model): "
                + leftOut.entrySet().stream()
                        .map(e -> e.getKey() + " (" + e.getValue() + ")")
                        .collect(Collectors.joining(", "));
    }
}
