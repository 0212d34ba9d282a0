package io.httpmodels.harness.report;

import io.httpmodels.harness.results.Scenario;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/** Finds connection sweeps in a run: scenarios that differ only in their number of connections. */
final class Sweeps {

    private Sweeps() {}

    /** The shape a sweep holds fixed: everything but the connections (background ones included). */
    private record Shape(
            String route,
            int workMillis,
            boolean keepAlive,
            int pipeline,
            Double rate,
            Double rateFraction,
            int idleConnections,
            int slowConnections,
            int slowIntervalMillis,
            int headerTimeoutMillis) {

        static Shape of(Scenario s) {
            return new Shape(
                    s.route(),
                    s.workMillis(),
                    s.shape().keepAlive(),
                    s.shape().pipeline(),
                    s.pacing().rate(),
                    s.pacing().rateFraction(),
                    s.crowd().idleConnections(),
                    s.crowd().slowConnections(),
                    s.crowd().slowIntervalMillis(),
                    s.crowd().headerTimeoutMillis());
        }
    }

    /**
     * Every group of two or more scenarios with distinct connection counts and the same everything else, each
     * sorted by connections, in the order their first scenario ran.
     */
    static List<List<Scenario>> of(List<Scenario> scenarios) {
        Map<Shape, List<Scenario>> groups = new LinkedHashMap<>();
        for (Scenario s : scenarios) {
            List<Scenario> group = groups.computeIfAbsent(Shape.of(s), k -> new ArrayList<>());
            if (group.stream()
                    .noneMatch(g -> g.shape().connections() == s.shape().connections())) {
                group.add(s);
            }
        }
        List<List<Scenario>> sweeps = new ArrayList<>();
        for (List<Scenario> group : groups.values()) {
            if (group.size() >= 2) {
                group.sort(Comparator.comparingInt(s -> s.shape().connections()));
                sweeps.add(List.copyOf(group));
            }
        }
        return sweeps;
    }

    /** What a sweep holds fixed, in words: {@code GET /plaintext, keep-alive, no work, closed loop}. */
    static String fixedShape(List<Scenario> sweep) {
        Scenario first = Objects.requireNonNull(sweep.get(0));
        // The title names the connections second; drop them, keep the rest of its words.
        String title = first.title();
        String connections = ", " + first.shape().connections()
                + (first.shape().connections() == 1 ? " connection" : " connections");
        return title.replaceFirst(Pattern.quote(connections), "");
    }
}
