package io.wirecost.scenarios;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/** The named sets of scenarios that {@code run --scenarios} and {@code model} take beside the scenarios' names. */
public final class ScenarioGroups {

    private ScenarioGroups() {}

    /**
     * The named sets of scenarios {@link #resolve} accepts beside the scenarios' own names, each as the test that
     * picks its members: {@code all}, {@code papers} (the nine transports of the papers' study, seeds 000 and 002, as
     * {@code all} was before today's four joined it) and {@code today} (those four, which no paper measured).
     */
    private static final Map<String, Predicate<String>> GROUPS = new LinkedHashMap<>();

    static {
        GROUPS.put("all", name -> true);
        GROUPS.put("papers", name -> !Scenarios.todayOnly(name));
        GROUPS.put("today", Scenarios::todayOnly);
    }

    /** The named set's scenarios in table order, or empty when {@code name} names no set. */
    public static Optional<List<String>> group(String name) {
        return Optional.ofNullable(GROUPS.get(name))
                .map(member -> Scenarios.names().stream().filter(member).toList());
    }

    /**
     * Scenario names and group names, expanded in the order given, each scenario once.
     *
     * @throws IllegalArgumentException naming the first word that is neither
     */
    public static List<String> resolve(List<String> namesOrGroups) {
        Set<String> out = new LinkedHashSet<>();
        for (String word : namesOrGroups) {
            Optional<List<String>> g = group(word);
            if (g.isPresent()) out.addAll(g.get());
            else if (Scenarios.names().contains(word)) out.add(word);
            else
                throw new IllegalArgumentException("unknown scenario '" + word + "' (known: "
                        + String.join(", ", Scenarios.names()) + "; or " + String.join(", ", GROUPS.keySet()) + ")");
        }
        return List.copyOf(out);
    }
}
