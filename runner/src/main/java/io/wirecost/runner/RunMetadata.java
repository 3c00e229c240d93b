package io.wirecost.runner;

import java.util.List;

/**
 * What a run was: when, where, with what, measured how.
 *
 * @param javaHome        JDK of the scenario JVMs (what each JVM really ran is in each scenario's facts)
 * @param configuration   {@code baseline}, {@code candidate}, or empty for a single configuration
 * @param mavenProperties middleware version overrides (the jars each JVM really loaded are in its facts)
 * @param network         where the JVMs talked: loopback, or the --remote namespaces and link rate
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
        String cpuAffinity) {
    /** Without CPU pinning: every call site but {@code run --pin-cpu}. */
    public RunMetadata(
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
            String network) {
        this(
                id,
                started,
                host,
                wirecostVersion,
                javaHome,
                javaFeatureVersion,
                settings,
                profiler,
                scenarios,
                commandLine,
                configuration,
                mavenProperties,
                repeat,
                interleaved,
                network,
                "none");
    }

    public RunMetadata {
        scenarios = List.copyOf(scenarios);
        commandLine = List.copyOf(commandLine);
        mavenProperties = java.util.Map.copyOf(mavenProperties);
    }
}
