package io.wirecost.cli.bench;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code wirecost bench attribute}: wall time and peak memory of {@code wirecost attribute} on a large
 * multi-chunk recording, beside async-profiler's converter writing collapsed stacks from the same file,
 * interleaved, in separate JVMs.
 *
 * <p>The recording: a real async-profiler recording of {@link Workload} (many distinct stacks),
 * concatenated with itself until it holds at least {@code --samples} samples; concatenated JFR files
 * are valid multi-chunk recordings (the JDK's own {@code jfr summary} reads them).
 */
@Command(name = "attribute", mixinStandardHelpOptions = true,
        description = "Time and memory of 'wirecost attribute' vs async-profiler's converter on a large multi-chunk recording.")
final class AttributeBench implements Callable<Integer> {

    @Option(names = "--samples", defaultValue = "2000000", description = "Minimum samples in the recording (default: ${DEFAULT-VALUE}).")
    long samples;

    @Option(names = "--rounds", defaultValue = "3", description = "Interleaved rounds; medians are reported (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--recording", description = "Use this recording instead of building one.")
    Path recording;

    @Option(names = "--work-dir", description = "Where to build the recording (default: a temporary directory, deleted).")
    Path workDir;

    @Option(names = "--heap", defaultValue = "256m", description = "-Xmx of the wirecost attribute JVM (default: ${DEFAULT-VALUE}).")
    String heap;

    @Override
    public Integer call() throws Exception {
        if (!heap.matches("\\d+[kmgKMG]?")) throw new io.wirecost.cli.UsageException("--heap must be a size like 256m or 2g, got '" + heap + "'");
        if (recording != null && !Files.isRegularFile(recording)) throw new io.wirecost.cli.UsageException("--recording " + recording + ": no such file");
        Path dir = workDir != null ? io.wirecost.cli.OutputDirectory.create("--work-dir", workDir) : Files.createTempDirectory("wirecost-bench-");
        Path javaHome = Path.of(System.getProperty("java.home"));
        String cp = System.getProperty("java.class.path");
        Path big = recording != null ? recording : build(dir, javaHome, cp);
        long bigSamples = countSamples(javaHome, big);
        System.out.printf(Locale.ROOT, "recording: %s, %.1f MB, %d chunks, %d jdk.ExecutionSample events%n", big,
                Files.size(big) / 1e6, chunks(big), bigSamples);

        List<String> ours = List.of(ProcessMeter.java(javaHome), "-Xmx" + heap, "-cp", cp, "io.wirecost.cli.Main",
                "attribute", big.toString(), "--format", "csv");
        List<String> theirs = List.of(ProcessMeter.java(javaHome), "-cp", cp, "Main", "-o", "collapsed", "--cpu",
                big.toString(), dir.resolve("converter.collapsed").toString());
        double[] oursWall = new double[rounds];
        double[] theirsWall = new double[rounds];
        long oursRss = 0;
        long theirsRss = 0;
        for (int r = 0; r < rounds; r++) {
            ProcessMeter.Measurement a = ProcessMeter.run(ours, dir.resolve("ours.log"));
            ProcessMeter.Measurement b = ProcessMeter.run(theirs, dir.resolve("theirs.log"));
            if (a.exitCode() != 0) throw new IllegalStateException("wirecost attribute failed: see " + dir.resolve("ours.log"));
            if (b.exitCode() != 0) throw new IllegalStateException("converter failed: see " + dir.resolve("theirs.log"));
            oursWall[r] = a.wallSeconds();
            theirsWall[r] = b.wallSeconds();
            oursRss = Math.max(oursRss, a.peakRssKb());
            theirsRss = Math.max(theirsRss, b.peakRssKb());
            System.out.printf(Locale.ROOT, "round %d: wirecost attribute %.2f s, %d MB;  converter -o collapsed %.2f s, %d MB%n",
                    r + 1, a.wallSeconds(), a.peakRssKb() / 1024, b.wallSeconds(), b.peakRssKb() / 1024);
        }
        double om = median(oursWall);
        double tm = median(theirsWall);
        System.out.println();
        System.out.printf(Locale.ROOT, "%-44s %12s %14s%n", "", "wall (median)", "peak RSS (max)");
        System.out.printf(Locale.ROOT, "%-44s %11.2fs %11d MB%n", "wirecost attribute (-Xmx" + heap + ")", om, oursRss / 1024);
        System.out.printf(Locale.ROOT, "%-44s %11.2fs %11d MB%n", "async-profiler converter, -o collapsed", tm, theirsRss / 1024);
        System.out.printf(Locale.ROOT, "%-44s %12.2f %14.2f%n", "ratio wirecost / converter", om / tm, (double) oursRss / theirsRss);
        System.out.printf(Locale.ROOT, "samples per second (wirecost): %.0f; JVM start-up included in both%n", bigSamples / om);
        // memory must scale with distinct stacks, not samples: the whole file again with a heap a fraction of its size
        List<String> small = new ArrayList<>(ours);
        small.set(1, "-Xmx48m");
        ProcessMeter.Measurement s48 = ProcessMeter.run(small, dir.resolve("ours-48m.log"));
        System.out.printf(Locale.ROOT, "wirecost attribute with -Xmx48m on the same %.0f MB file: %s (%.2f s, %d MB RSS)%n",
                Files.size(big) / 1e6, s48.exitCode() == 0 ? "ok" : "FAILED", s48.wallSeconds(), s48.peakRssKb() / 1024);
        System.out.println("target: time ratio <= 1.0 -> " + (om / tm <= 1.0 ? "MET" : "NOT met")
                + "; heap bounded (256 MB and 48 MB both suffice) -> " + (s48.exitCode() == 0 ? "MET" : "NOT met"));
        if (workDir == null && recording == null) deleteAll(dir);
        return 0;
    }

    private Path build(Path dir, Path javaHome, String cp) throws Exception {
        Path agent = io.wirecost.cli.Locations.agentJar();
        if (!Files.isRegularFile(agent)) throw new IllegalStateException("agent jar not found at " + agent);
        Path base = dir.resolve("base.jfr");
        System.out.println("recording the workload with async-profiler (cpu, 100 us; itimer if perf events are refused) for 8 s ...");
        List<String> cmd = List.of(ProcessMeter.java(javaHome), "-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints",
                "-javaagent:" + agent.toAbsolutePath() + "=engine=async,event=cpu,interval=100us,start=now,file=" + base,
                "-cp", cp, Workload.class.getName(), "8");
        ProcessMeter.Measurement m = ProcessMeter.run(cmd, dir.resolve("workload.log"));
        if (m.exitCode() != 0 || !Files.exists(base)) throw new IllegalStateException("workload failed: see " + dir.resolve("workload.log"));
        long perCopy = countSamples(javaHome, base);
        if (perCopy == 0) throw new IllegalStateException("the workload recording has no samples");
        int copies = (int) Math.max(1, (samples + perCopy - 1) / perCopy);
        System.out.printf("base recording: %d samples; concatenating %d copies%n", perCopy, copies);
        Path big = dir.resolve("big.jfr");
        byte[] bytes = Files.readAllBytes(base);
        try (OutputStream out = Files.newOutputStream(big, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING)) {
            for (int i = 0; i < copies; i++) out.write(bytes);
        }
        return big;
    }

    /** jdk.ExecutionSample events as the JDK's own {@code jfr summary} counts them: the reference count. */
    private static long countSamples(Path javaHome, Path file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(javaHome.resolve("bin").resolve("jfr").toString(), "summary", file.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        for (String line : out.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 2 && f[0].equals("jdk.ExecutionSample")) return Long.parseLong(f[1]);
        }
        return 0;
    }

    private static int chunks(Path file) throws IOException {
        // chunk headers: magic, then the chunk size at offset 8
        int n = 0;
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
            java.nio.ByteBuffer h = java.nio.ByteBuffer.allocate(16);
            for (long pos = 0; pos < ch.size(); n++) {
                h.clear();
                ch.read(h, pos);
                pos += h.getLong(8);
            }
        }
        return n;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static void deleteAll(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
