package io.wirecost.cli;

import io.wirecost.cli.common.Locations;
import io.wirecost.runner.JvmLauncher;
import io.wirecost.runner.ModuleClasspath;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Which JDK runs the JVMs a command starts, and their extra options: {@code run}, {@code batch}, {@code model} and {@code serve} alike. */
final class JdkOptions {

    @Option(
            names = "--java-home",
            description = "JDK for the JVMs wirecost starts (default: the JDK running wirecost).")
    Path javaHome;

    @Option(
            names = "--jvm-opt",
            description = "Extra option for every JVM wirecost starts, repeatable (e.g. --jvm-opt=-XX:+UseParallelGC).")
    List<String> jvmOptions = new ArrayList<>();

    /** The JDK, checked: --java-home or the one running wirecost. */
    Path home() {
        return checkJavaHome("--java-home", javaHome != null ? javaHome : Path.of(System.getProperty("java.home")));
    }

    /** A launcher for scenario JVMs that are timed or served, never profiled ({@code batch}, {@code model}, {@code serve}). */
    JvmLauncher unprofiled(ModuleClasspath classpath) {
        return new JvmLauncher(home(), classpath, Locations.agentJar(), ProfilerSettings.NONE, jvmOptions);
    }

    static Path checkJavaHome(String option, Path home) {
        if (!Files.isExecutable(home.resolve("bin").resolve("java")))
            throw new UsageException(option + " " + home + " has no bin/java");
        return home;
    }
}
