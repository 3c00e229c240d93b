package io.wirecost.runner;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * What a run was: when, where, with what, measured how.
 *
 * @param javaHome        JDK of the scenario JVMs (what each JVM really ran is in each scenario's facts)
 * @param configuration   {@code baseline}, {@code candidate}, or empty for a single configuration
 * @param mavenProperties middleware version overrides (the jars each JVM really loaded are in its facts)
 * @param network         where the JVMs talked: loopback, or the --remote namespaces and link rate
 * @param methodJvmOptions JVM options the method added, by scenario (the adaptive method's RMI reaper period, and
 *                        its JIT thresholds for ws-security); the user's {@code --jvm-opt} are in the command line
 */
public record RunMetadata(
        String id,
        String started,
        String host,
        String wirecostVersion,
        String javaHome,
        int javaFeatureVersion,
        RunSettings settings,
        ProfilerSettings profiler,
        List<String> scenarios,
        List<String> commandLine,
        String configuration,
        java.util.Map<String, String> mavenProperties,
        int repeat,
        boolean interleaved,
        String network,
        String cpuAffinity,
        java.util.Map<String, List<String>> methodJvmOptions) {
    /** How the run's samples counted, for the headings that name them: CPU unless the profiler sampled wall time. */
    public io.wirecost.attribution.SampleMode sampleMode() {
        return profiler == null ? io.wirecost.attribution.SampleMode.CPU : profiler.sampleMode();
    }

    public RunMetadata {
        scenarios = List.copyOf(scenarios);
        commandLine = List.copyOf(commandLine);
        mavenProperties = Collections.unmodifiableMap(new LinkedHashMap<>(mavenProperties));
        // sorted: results.json lists the scenarios in a stable order
        methodJvmOptions = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(methodJvmOptions));
    }
}
