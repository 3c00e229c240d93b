package io.wirecost.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One figure per scenario, operation and role over all repetitions of a run. With one repetition the
 * interval is the one measured inside it (from its batches); with {@code --repeat K >= 2} it is a Student t
 * interval over the K repetition means, the spread between fresh JVM pairs, which also holds the
 * machine's drift and the JIT's run-to-run differences that the batches of one run cannot see.
 */
public final class Repetitions {

    /** A summarised figure; {@code repetitions} says which kind of interval it has. */
    public record Figure(
            String scenario, String operation, String role, Estimate estimate, long invocations, int repetitions) {}

    private Repetitions() {}

    /** CPU per call over all successful repetitions, in the order first measured. */
    public static List<Figure> cpu(List<ScenarioResult> all) {
        return summarise(
                all,
                r -> r.cpu().stream()
                        .map(c -> new Figure(
                                r.scenario(), c.operation(), c.role(), c.perCallMicros(), c.invocations(), 1))
                        .toList());
    }

    /** Round trips (role client: timed there) over all successful repetitions. */
    public static List<Figure> rtt(List<ScenarioResult> all) {
        return summarise(
                all,
                r -> r.rtt().stream()
                        .map(s -> new Figure(r.scenario(), s.operation(), "client", s.interval(), s.invocations(), 1))
                        .toList());
    }

    public static Optional<Figure> find(List<Figure> figures, String scenario, String operation, String role) {
        return figures.stream()
                .filter(f -> f.scenario().equals(scenario)
                        && f.operation().equals(operation)
                        && f.role().equals(role))
                .findFirst();
    }

    private static List<Figure> summarise(List<ScenarioResult> all, Function<ScenarioResult, List<Figure>> figures) {
        Map<String, List<Figure>> byKey = new LinkedHashMap<>();
        for (ScenarioResult r : all) {
            for (Figure f : figures.apply(r)) {
                byKey.computeIfAbsent(
                                f.scenario() + "\u0000" + f.operation() + "\u0000" + f.role(), k -> new ArrayList<>())
                        .add(f);
            }
        }
        List<Figure> out = new ArrayList<>();
        for (List<Figure> reps : byKey.values()) {
            Figure first = reps.get(0);
            if (reps.size() == 1) {
                out.add(first);
                continue;
            }
            Estimate between = Estimate.mean(
                    reps.stream().mapToDouble(f -> f.estimate().value()).toArray());
            out.add(new Figure(
                    first.scenario(),
                    first.operation(),
                    first.role(),
                    between,
                    reps.stream().mapToLong(Figure::invocations).sum(),
                    reps.size()));
        }
        return out;
    }
}
