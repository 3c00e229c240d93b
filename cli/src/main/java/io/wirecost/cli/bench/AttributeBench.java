package io.wirecost.cli.bench;

import io.wirecost.attribution.RuleLayers;
import io.wirecost.attribution.stats.Median;
import io.wirecost.scenarios.files.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code wirecost bench attribute}: wall time, CPU time and peak memory of {@code wirecost attribute}
 * beside async-profiler's converter ({@code java -jar jfr-converter.jar -o collapsed}, the version this
 * build bundles) on the two shapes a recording takes, interleaved round by round, in separate JVMs, each
 * from JVM start to exit. A third program runs in the same rounds: {@link ReaderFloor}, async-profiler's
 * reader reading every event and nothing else, in a JVM started as wirecost's. Both tools are built on
 * that reader, so its time is the floor under either, and the bench says when a goal lies below it.
 *
 * <p>The shapes, both real async-profiler recordings of {@link Workload} concatenated with themselves
 * until they hold at least {@code --samples} samples (concatenated JFR files are valid multi-chunk
 * recordings; the JDK's own {@code jfr summary} reads them): {@code few}, one thread in two small methods
 * sampled every 200 us (a handful of distinct stacks, millions of samples); {@code many}, the varied
 * workload sampled every 100 us (thousands of distinct stacks).
 */
@Command(
        name = "attribute",
        mixinStandardHelpOptions = true,
        description =
                "Time and memory of 'wirecost attribute' vs async-profiler's converter on both shapes of recording (few stacks, many stacks).")
final class AttributeBench implements Callable<Integer> {

    @Option(
            names = "--samples",
            defaultValue = "2000000",
            description = "Minimum samples in each recording (default: ${DEFAULT-VALUE}).")
    long samples;

    @Option(
            names = "--rounds",
            defaultValue = "5",
            description = "Interleaved rounds per shape (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--shape", defaultValue = "both", description = "few, many or both (default: ${DEFAULT-VALUE}).")
    String shape;

    @Option(
            names = "--rules",
            defaultValue = RuleLayers.NONE,
            description =
                    "The timed attribute's --rules: pack:none, the built-in rules as for wirecost's own recordings, "
                            + "or pack:auto, the default for another program's recording (default: ${DEFAULT-VALUE}).")
    String rules;

    @Option(names = "--recording", description = "Use this recording instead of building the shapes.")
    Path recording;

    @Option(
            names = "--converter",
            description =
                    "async-profiler's jfr-converter jar (default: the bundled version's, from the local Maven repository).")
    Path converter;

    @Option(
            names = "--work-dir",
            description = "Where to build the recordings (default: a temporary directory, deleted).")
    Path workDir;

    @Override
    public Integer call() throws Exception {
        PairedRatio.checkRounds(rounds);
        io.wirecost.cli.common.Bounds.atLeast("--samples", samples, 1);
        io.wirecost.cli.common.Choice.among("--shape", shape, "few", "many", "both");
        // before any recording is made: a bad value would otherwise be found by the first timed attribute
        io.wirecost.cli.common.Choice.among("--rules", rules, RuleLayers.NONE, RuleLayers.AUTO);
        if (recording != null && !Files.isRegularFile(recording))
            throw new io.wirecost.runner.UsageException("--recording " + recording + ": no such file");
        Path jar = converter != null ? converter : defaultConverter();
        if (!Files.isRegularFile(jar))
            throw new io.wirecost.runner.UsageException(
                    "--converter " + jar + ": no such file (give the path of jfr-converter-VERSION.jar)");
        Path dir = workDir != null
                ? io.wirecost.cli.common.OutputDirectory.create("--work-dir", workDir)
                : Files.createTempDirectory("wirecost-bench-");
        Path javaHome = Path.of(System.getProperty("java.home"));
        String cp = System.getProperty("java.class.path");
        System.out.printf(
                Locale.ROOT,
                "load average (1 min) at start: %.2f on %d cores; converter: %s%n",
                LoadAverage.oneMinute(),
                Runtime.getRuntime().availableProcessors(),
                jar);
        System.out.println(OurStartup.ofThisJvm().describe(javaHome, cp, dir.resolve("startup.log")));
        System.out.println(
                "the converter starts as a user runs it: java -jar " + jar.getFileName() + " (the JVM's defaults)");
        if (recording != null) {
            compare("given", recording, dir, javaHome, cp, jar);
        } else {
            for (String s : shape.equals("both") ? List.of("few", "many") : List.of(shape)) {
                compare(s, ShapeRecordings.build(s, samples, dir, javaHome, cp), dir, javaHome, cp, jar);
            }
        }
        System.out.printf(
                Locale.ROOT,
                "load average (1 min) at end: %.2f. JVM start-up is included in every figure.%n",
                LoadAverage.oneMinute());
        if (workDir == null) FileTrees.delete(dir);
        return 0;
    }

    /** The jar of the converter version this build bundles, as Maven put it in the local repository. */
    private static Path defaultConverter() throws IOException {
        String version = "4.5";
        try (var in = AttributeBench.class.getResourceAsStream(
                "/META-INF/maven/tools.profiler/jfr-converter/pom.properties")) {
            if (in != null) {
                java.util.Properties p = new java.util.Properties();
                p.load(in);
                version = p.getProperty("version", version);
            }
        }
        return Path.of(
                System.getProperty("user.home"),
                ".m2",
                "repository",
                "tools",
                "profiler",
                "jfr-converter",
                version,
                "jfr-converter-" + version + ".jar");
    }

    private void compare(String name, Path big, Path dir, Path javaHome, String cp, Path jar) throws Exception {
        long bigSamples = RecordingFacts.samples(javaHome, big);
        System.out.printf(
                Locale.ROOT,
                "%n[%s] %s, %.1f MB, %d chunks, %d jdk.ExecutionSample events%n",
                name,
                big,
                Files.size(big) / 1e6,
                RecordingFacts.chunks(big),
                bigSamples);
        // wirecost as the launcher starts it: this JVM's own options (collector, class-data sharing)
        List<String> ours = new ArrayList<>(List.of(ProcessMeter.java(javaHome)));
        ours.addAll(OurStartup.ofThisJvm().jvmOptions());
        List<String> floor = new ArrayList<>(ours);
        // the engine says on stderr which reader ran: its own for format 2.x, async-profiler's or JMC's otherwise
        ours.add("-Dwirecost.reader.report=true");
        // as the launcher names it: -jar where this JVM runs from the CLI's jar (the JVM then opens the jar for its
        // manifest first), the class path and main class otherwise (tests, an IDE)
        ours.addAll(
                cp.endsWith(".jar") && !cp.contains(java.io.File.pathSeparator)
                        ? List.of("-jar", cp)
                        : List.of("-cp", cp, "io.wirecost.cli.Main"));
        ours.addAll(List.of("attribute", big.toString(), "--format", "csv", "--rules", rules));
        floor.addAll(List.of("-cp", cp, ReaderFloor.class.getName(), big.toString()));
        List<String> theirs = List.of(
                ProcessMeter.java(javaHome),
                "-jar",
                jar.toString(),
                "-o",
                "collapsed",
                big.toString(),
                dir.resolve("converter.collapsed").toString());
        String[] names = {
            "wirecost attribute --rules " + rules, "converter -o collapsed", "reader floor (JfrReader alone)"
        };
        List<List<String>> commands = List.of(ours, theirs, floor);
        String[] logs = {"ours.log", "theirs.log", "floor.log"};
        double[][] wall = new double[3][rounds];
        double[][] cpu = new double[3][rounds];
        double[][] rss = new double[3][rounds];
        double[] load = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            // rotate which goes first, so none always meets another's leftover load or warm cache
            ProcessMeter.Measurement[] m = new ProcessMeter.Measurement[3];
            for (int k = 0; k < 3; k++) {
                int i = (r + k) % 3;
                m[i] = ProcessMeter.run(commands.get(i), dir.resolve(logs[i]));
                if (m[i].exitCode() != 0)
                    throw new IllegalStateException(names[i] + " failed: see " + dir.resolve(logs[i]));
            }
            for (int i = 0; i < 3; i++) {
                wall[i][r] = m[i].wallSeconds();
                cpu[i][r] = m[i].cpuSeconds();
                rss[i][r] = m[i].peakRssKb();
            }
            load[r] = LoadAverage.oneMinute();
            System.out.printf(
                    Locale.ROOT,
                    "round %d (load %.2f): wirecost attribute %.2f s wall, %.2f s CPU, %d MB;  converter %.2f s wall, %.2f s CPU, %d MB;  reader floor %.2f s wall, %d MB%n",
                    r + 1,
                    load[r],
                    m[0].wallSeconds(),
                    m[0].cpuSeconds(),
                    m[0].peakRssKb() / 1024,
                    m[1].wallSeconds(),
                    m[1].cpuSeconds(),
                    m[1].peakRssKb() / 1024,
                    m[2].wallSeconds(),
                    m[2].peakRssKb() / 1024);
        }
        String reader = readerLine(dir.resolve(logs[0]));
        System.out.printf(Locale.ROOT, "[%s] wirecost attribute: %s%n", name, reader);
        System.out.printf(Locale.ROOT, "%-40s %10s %10s %14s%n", "[" + name + "] median", "wall", "CPU", "peak RSS");
        for (int i = 0; i < 3; i++) {
            System.out.printf(
                    Locale.ROOT,
                    "%-40s %9.2fs %9.2fs %11.0f MB%n",
                    names[i],
                    Median.of(wall[i]),
                    Median.of(cpu[i]),
                    Median.of(rss[i]) / 1024);
        }
        PairedRatio w = PairedRatio.of(wall[0], wall[1]);
        PairedRatio c = PairedRatio.of(cpu[0], cpu[1]);
        PairedRatio m = PairedRatio.of(rss[0], rss[1]);
        System.out.printf(
                Locale.ROOT,
                "[%s] wirecost / converter: wall %s; CPU %s; peak RSS %s; load %.1f to %.1f%n",
                name,
                w,
                c,
                m,
                Arrays.stream(load).min().orElse(0),
                Arrays.stream(load).max().orElse(0));
        System.out.printf(
                Locale.ROOT,
                "[%s] goal wall <= 0.5: %s; goal peak RSS <= 1.0: %s (judged on the interval's upper end)%n",
                name,
                w.goal(0.5),
                m.goal(1.0));
        // what bounds the goal: no tool on this reader, in this JVM, goes below the floor
        PairedRatio f = PairedRatio.of(wall[2], wall[1]);
        PairedRatio above = PairedRatio.of(wall[0], wall[2]);
        System.out.printf(
                Locale.ROOT,
                "[%s] reader floor / converter: wall %s; wirecost / reader floor: wall %s%s%n",
                name,
                f,
                above,
                // the floor bounds wirecost only where wirecost read with async-profiler's reader
                f.low() > 0.5 && reader.startsWith("reader async-profiler")
                        ? " (the 0.5 goal is below the floor: out of reach on this reader)"
                        : "");
    }

    /** The engine's own line on which reader read the recording (the last round's; every round reads the same file). */
    private static String readerLine(Path log) throws IOException {
        try (var lines = Files.lines(log)) {
            return lines.filter(l -> l.startsWith("wirecost: reader "))
                    .map(l -> l.substring("wirecost: ".length()))
                    .findFirst()
                    .orElse("the reader did not say which it was (an older build?)");
        }
    }
}
