package io.wirecost.cli;

import io.wirecost.runner.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Which JDK runs the JVMs a command starts, and their extra options: {@code run}'s and {@code batch}'s alike. */
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

    static Path checkJavaHome(String option, Path home) {
        if (!Files.isExecutable(home.resolve("bin").resolve("java")))
            throw new UsageException(option + " " + home + " has no bin/java");
        return home;
    }
}
