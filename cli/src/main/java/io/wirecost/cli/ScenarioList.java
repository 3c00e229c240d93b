package io.wirecost.cli;

import io.wirecost.runner.UsageException;
import io.wirecost.scenarios.ScenarioGroups;
import java.util.List;

/**
 * {@code --scenarios} of {@code run} and {@code model}: names and the sets they share (all, papers, today), so that
 * both commands accept the same words and refuse a typo with the same line.
 */
final class ScenarioList {

    private ScenarioList() {}

    static List<String> resolve(List<String> given) {
        try {
            return ScenarioGroups.resolve(given);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--scenarios: " + e.getMessage());
        }
    }
}
