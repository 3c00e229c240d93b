package io.wirecost.runner;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One configuration under test: the JDK of the scenario JVMs and Maven property overrides that select
 * middleware versions (e.g. {@code metro.version=4.0.4}), so that a baseline and a candidate can differ.
 *
 * @param label           {@code baseline} or {@code candidate}; empty for a single-configuration run
 * @param scenarioOptions scenario settings of this side (see {@code --scenario-option})
 */
public record RunConfig(
        String label, Path javaHome, Map<String, String> mavenProperties, Map<String, String> scenarioOptions) {
    public RunConfig {
        mavenProperties = Collections.unmodifiableMap(new LinkedHashMap<>(mavenProperties));
        scenarioOptions = Collections.unmodifiableMap(new LinkedHashMap<>(scenarioOptions));
    }
}
