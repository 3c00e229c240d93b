package io.wirecost.cli.bench;

import io.wirecost.runner.UsageException;
import io.wirecost.scenarios.Scenarios;

/**
 * {@code --scenario} of {@code bench window}, {@code overhead} and {@code gate}: a typo is refused before any JVM
 * starts, with the names that would have worked.
 */
final class ScenarioName {

    private ScenarioName() {}

    static void check(String scenario) {
        if (!Scenarios.names().contains(scenario))
            throw new UsageException("--scenario: unknown scenario '" + scenario + "' (known: "
                    + String.join(", ", Scenarios.names()) + ")");
    }
}
