package io.wirecost.cli.common;

import io.wirecost.runner.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the agent jar and the scenario modules are; the ./wirecost launcher sets both explicitly. */
public final class Locations {

    private Locations() {}

    public static Path agentJar() {
        String p = System.getProperty("wirecost.agent.jar", System.getenv("WIRECOST_AGENT_JAR"));
        if (p != null && !p.isBlank()) return Path.of(p);
        return projectRoot().resolve("profiler-agent/target/wirecost-agent.jar");
    }

    /** {@code jar}, refused where it is missing with how to build it: run, attach and profile need the agent. */
    public static Path requireAgentJar(Path jar) {
        if (!Files.isRegularFile(jar))
            throw new UsageException(
                    "profiler agent not found at " + jar + " (build with: mvn -q package -DskipTests)");
        return jar;
    }

    /** The checkout holding the scenario modules; the launcher and the build set wirecost.home. */
    public static Path projectRoot() {
        String p = System.getProperty("wirecost.home", System.getenv("WIRECOST_HOME"));
        if (p != null && !p.isBlank()) return Path.of(p);
        try {
            Path self = Path.of(Locations.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            return self.getParent().resolve("../..").normalize();
        } catch (Exception e) {
            return Path.of(".");
        }
    }

    public static String version() {
        String v = Locations.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /** This machine's name for a run's metadata; "unknown" where the resolver has none. */
    public static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown";
        }
    }
}
