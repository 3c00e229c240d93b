package io.wirecost.cli.bench;

import io.wirecost.runner.AgentArguments;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The recordings {@code bench attribute} times the tools on: real async-profiler recordings of {@link Workload},
 * concatenated with themselves (concatenated JFR files are valid multi-chunk recordings).
 */
final class ShapeRecordings {

    private ShapeRecordings() {}

    /** The {@code few} or {@code many} recording: the workload recorded once, then repeated to {@code samples}. */
    static Path build(String shape, long samples, Path dir, Path javaHome, String cp) throws Exception {
        Path agent = io.wirecost.cli.common.Locations.agentJar();
        if (!Files.isRegularFile(agent)) throw new IllegalStateException("agent jar not found at " + agent);
        Path base = dir.resolve(shape + "-base.jfr");
        String interval = shape.equals("few") ? "200us" : "100us";
        System.out.printf(
                Locale.ROOT,
                "recording the %s-stacks workload with async-profiler (cpu, %s) for 8 s ...%n",
                shape,
                interval);
        List<String> cmd = new ArrayList<>(List.of(
                ProcessMeter.java(javaHome),
                "-XX:+UnlockDiagnosticVMOptions",
                "-XX:+DebugNonSafepoints",
                new AgentArguments()
                        .sampling("async", "cpu", interval)
                        .with("start", "now")
                        .with("file", base)
                        .javaagent(agent),
                "-cp",
                cp,
                Workload.class.getName(),
                "8"));
        if (shape.equals("few")) cmd.add("few");
        ProcessMeter.Measurement m = ProcessMeter.run(cmd, dir.resolve("workload.log"));
        if (m.exitCode() != 0 || !Files.exists(base))
            throw new IllegalStateException("workload failed: see " + dir.resolve("workload.log"));
        long perCopy = RecordingFacts.samples(javaHome, base);
        if (perCopy == 0) throw new IllegalStateException("the workload recording has no samples");
        int copies = (int) Math.max(1, (samples + perCopy - 1) / perCopy);
        System.out.printf(Locale.ROOT, "base recording: %d samples; concatenating %d copies%n", perCopy, copies);
        Path big = dir.resolve(shape + ".jfr");
        byte[] bytes = Files.readAllBytes(base);
        try (OutputStream out =
                Files.newOutputStream(big, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING)) {
            for (int i = 0; i < copies; i++) out.write(bytes);
        }
        return big;
    }
}
