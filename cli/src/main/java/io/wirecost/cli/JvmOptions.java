package io.wirecost.cli;

import io.wirecost.cli.common.Durations;
import io.wirecost.runner.CpuPinning;
import io.wirecost.runner.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code run}'s options for the scenario JVMs: which JDK, extra options, the call timeout, the CPU they run on. */
final class JvmOptions {

    @Option(names = "--java-home", description = "JDK for the scenario JVMs (default: the JDK running wirecost).")
    Path javaHome;

    @Option(
            names = "--jvm-opt",
            description = "Extra option for every scenario JVM, repeatable (e.g. --jvm-opt=-XX:+UseParallelGC).")
    List<String> jvmOptions = new ArrayList<>();

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

    /** The JDK, checked: --java-home or the one running wirecost. */
    Path home() {
        return checkJavaHome("--java-home", javaHome != null ? javaHome : Path.of(System.getProperty("java.home")));
    }

    static Path checkJavaHome(String option, Path home) {
        if (!Files.isExecutable(home.resolve("bin").resolve("java")))
            throw new UsageException(option + " " + home + " has no bin/java");
        return home;
    }

    long callTimeoutMillis() {
        return callTimeout.equals("0") ? 0 : Durations.parseNanos("--call-timeout", callTimeout) / 1_000_000;
    }

    /** --pin-cpu resolved: the CPU, or null for none. */
    Integer pinnedCpu(boolean concurrentClients) {
        return CpuPinning.choose("--pin-cpu", pinCpu, concurrentClients);
    }
}
