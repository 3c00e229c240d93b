package io.wirecost.cli;

import io.wirecost.cli.common.Durations;
import io.wirecost.runner.CpuPinning;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code run}'s options for the scenario JVMs: which JDK, extra options, the call timeout, the CPU they run on. */
final class JvmOptions {

    @Mixin
    JdkOptions jdk;

    @Option(
            names = "--call-timeout",
            defaultValue = "60s",
            description =
                    "A remote call that takes longer fails (RMI and JDK HTTP clients); 0 for none (default: ${DEFAULT-VALUE}).")
    String callTimeout;

    @Option(
            names = "--pin-cpu",
            paramLabel = "auto|none|CPU",
            defaultValue = "auto",
            description =
                    "Run every scenario JVM on one CPU (taskset): auto (default) the highest CPU when there are two or more "
                            + "(not with --clients), none, or a CPU number. Cross-CPU hand-offs on a VM with an idle CPU triple CPU per call.")
    String pinCpu;

    long callTimeoutMillis() {
        return callTimeout.equals("0") ? 0 : Durations.parseNanos("--call-timeout", callTimeout) / 1_000_000;
    }

    /** --pin-cpu resolved: the CPU, or null for none. */
    Integer pinnedCpu(boolean concurrentClients) {
        return CpuPinning.choose("--pin-cpu", pinCpu, concurrentClients);
    }
}
