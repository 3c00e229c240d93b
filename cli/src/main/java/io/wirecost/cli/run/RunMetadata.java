package io.wirecost.cli.run;

import java.util.List;

/**
 * What a run was: when, where, with what, measured how.
 *
 * @param javaHome    JDK of the scenario JVMs (what each JVM really ran is in each scenario's facts)
 */
public record RunMetadata(String id, String started, String host, String wirecostVersion, String javaHome,
                          int javaFeatureVersion, RunSettings settings, ProfilerSettings profiler,
                          List<String> scenarios, List<String> commandLine) {
    public RunMetadata {
        scenarios = List.copyOf(scenarios);
        commandLine = List.copyOf(commandLine);
    }
}
