package io.wirecost.cli;

import io.wirecost.attribution.RuleSet;
import io.wirecost.runner.NetworkPair;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RunConfig;
import io.wirecost.runner.RunSettings;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything {@code run} decided from its options, checked, before any JVM starts.
 *
 * @param configs   the baseline and, with a candidate, the candidate
 * @param network   the namespaces of {@code --remote}; null on loopback
 * @param pinnedCpu the CPU every scenario JVM runs on; null for none
 */
record RunPlan(
        List<String> scenarios,
        RuleSet rules,
        RunSettings settings,
        ProfilerSettings profiler,
        Path agentJar,
        List<RunConfig> configs,
        NetworkPair network,
        Integer pinnedCpu,
        long callTimeoutMillis,
        List<String> jvmOptions,
        int repeat,
        boolean interleave,
        boolean keepKeys,
        MetricsOptions.Checked metrics) {

    boolean twoSided() {
        return configs.size() == 2;
    }
}
