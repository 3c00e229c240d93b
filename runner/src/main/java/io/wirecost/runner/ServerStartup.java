package io.wirecost.runner;

import io.wirecost.scenarios.ScenarioDescriptor;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How long a scenario's server JVM takes from its launch to serving (the harness's first line, its endpoint, comes
 * once the server listens), and the CPU the JVM spent until then: what a service pays at each start for what its
 * JVM was started with ({@code bench startup}). The JVM is closed again before this returns.
 */
public final class ServerStartup {

    /** A loaded machine's first start of Tomcat and its web services, and a JVM with an agent beside it. */
    private static final Duration START = Duration.ofSeconds(90);

    private ServerStartup() {}

    /** One start: wall time from launch to serving, and the server JVM's CPU (all its threads) until then. */
    public record Timed(long wallNanos, long cpuNanos) {}

    public static Timed time(
            JvmLauncher launcher,
            ScenarioDescriptor scenario,
            String label,
            String configJson,
            Path recording,
            Path log)
            throws IOException, ChildJvm.ChildFailure {
        long t0 = System.nanoTime();
        try (ChildJvm server =
                JvmPair.startServer(launcher, scenario, scenario.name(), label, configJson, recording, log)) {
            server.awaitStarted(START);
            long wall = System.nanoTime() - t0;
            long cpu = ProcessHandle.of(server.pid())
                    .flatMap(h -> h.info().totalCpuDuration())
                    .map(Duration::toNanos)
                    .orElseThrow(() -> new ChildJvm.ChildFailure(
                            label + ": its CPU time cannot be read (the process table gives none)"));
            return new Timed(wall, cpu);
        }
    }
}
