package io.wirecost.cli;

import java.nio.file.Path;

/** Where the agent jar and the scenario classpath are; the ./wirecost launcher sets both explicitly. */
final class Locations {

    private Locations() {
    }

    static Path agentJar() {
        String p = System.getProperty("wirecost.agent.jar", System.getenv("WIRECOST_AGENT_JAR"));
        if (p != null && !p.isBlank()) return Path.of(p);
        // running from cli/target/wirecost-cli.jar in a checkout
        try {
            Path self = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return self.getParent().resolve("../../profiler-agent/target/wirecost-agent.jar").normalize();
        } catch (Exception e) {
            return Path.of("profiler-agent/target/wirecost-agent.jar");
        }
    }

    /** The scenario JVMs run from the same classes as this one (the shaded CLI jar contains them). */
    static String classpath() {
        return System.getProperty("wirecost.classpath", System.getProperty("java.class.path"));
    }

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
