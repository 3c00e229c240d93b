package io.wirecost.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The agent must never hurt its host: a taken port, a bad option, and nothing of ours in the host's namespaces. */
class AgentHostSafetyIT {

    @TempDir
    Path tmp;

    @Test
    void aTakenMetricsPortIsOneWarningLineAndTheHostRunsOn() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             HostJvm host = HostJvm.start(tmp, "metrics.port=" + taken.getLocalPort(), List.of(),
                     "io.wirecost.agent.sample.BusySerializer", "2")) {
            assertEquals(0, host.waitFor(60), host.err());
            assertTrue(host.out().startsWith("done "), host.out());
            List<String> lines = host.err().lines().toList();
            assertEquals(List.of("wirecost agent: metrics port 127.0.0.1:" + taken.getLocalPort()
                    + " is already in use; no metrics endpoint, the application continues unprofiled"), lines);
        }
    }

    /**
     * The JVM exits while segments rotate every second: JDK 25's JFR blocks a recording started during
     * shutdown, which once kept the host alive for ever. The exit must be prompt and quiet, on 17 and 25.
     */
    @Test
    void theHostExitsPromptlyWhileSegmentsRotate() throws Exception {
        Path jdk25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
        assertTrue(Files.isExecutable(jdk25.resolve("bin/java")), "Temurin 25 is part of this machine: " + jdk25);
        int n = 0;
        for (Path home : List.of(Path.of(System.getProperty("java.home")), jdk25)) {
            for (String engine : List.of("jfr", "jfr", "async")) {
                try (HostJvm host = HostJvm.start(home, tmp.resolve("exit-" + n++), "engine=" + engine + ",metrics.port=0,metrics.period=1s",
                        List.of("--enable-native-access=ALL-UNNAMED"), "io.wirecost.agent.sample.BusySerializer", "2")) {
                    assertEquals(0, host.waitFor(30), home + " " + engine + ": " + host.err());
                    assertTrue(host.out().startsWith("done "), host.out());
                    List<String> noise = host.err().lines().filter(l -> !l.startsWith("wirecost agent: metrics on ")).toList();
                    assertEquals(List.of(), noise, home + " " + engine);
                }
            }
        }
    }

    @Test
    void aBadOptionDisablesTheAgentInOneLine() throws Exception {
        try (HostJvm host = HostJvm.start(tmp, "metrics.port=1,labels=job:x", List.of(), "io.wirecost.agent.sample.BusySerializer", "1")) {
            assertEquals(0, host.waitFor(60), host.err());
            assertEquals(List.of("wirecost agent disabled: label name 'job' is reserved (set by the agent or by Prometheus)"),
                    host.err().lines().toList());
        }
    }

    @Test
    void everyBundledClassIsRelocatedExceptAsyncProfilersJniBinding() throws Exception {
        try (JarFile jar = new JarFile(HostJvm.AGENT_JAR.toFile())) {
            int classes = 0;
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                String name = e.nextElement().getName();
                if (!name.endsWith(".class")) continue;
                classes++;
                assertTrue(name.startsWith("io/wirecost/") || name.startsWith("one/profiler/"), "outside our namespace: " + name);
            }
            assertTrue(classes > 200, "classes: " + classes);
            assertTrue(jar.getEntry("io/wirecost/agent/shaded/prometheus/metrics/exporter/httpserver/HTTPServer.class") != null);
            assertTrue(jar.getEntry("io/wirecost/agent/shaded/one/jfr/JfrReader.class") != null);
            assertTrue(jar.getEntry("io/wirecost/agent/shaded/attribution/default.rules") != null, "rules moved with their class");
            assertTrue(jar.getEntry("one/profiler/AsyncProfiler.class") != null, "JNI binding kept by name");
            assertEquals("io.wirecost.agent.Agent", jar.getManifest().getMainAttributes().getValue("Premain-Class"));
        }
        assertTrue(Files.size(HostJvm.AGENT_JAR) < 3_000_000, "agent jar size " + Files.size(HostJvm.AGENT_JAR));
    }
}
