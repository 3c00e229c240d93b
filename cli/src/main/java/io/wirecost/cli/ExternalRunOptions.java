package io.wirecost.cli;

import io.wirecost.attribution.RuleFileException;
import io.wirecost.attribution.RuleSet;
import io.wirecost.cli.run.ProfilerSettings;
import io.wirecost.cli.run.RunMetadata;
import picocli.CommandLine.Option;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** What {@code attach} and {@code profile} share: where the run goes, how to sample, which rules. */
final class ExternalRunOptions {

    @Option(names = "--out", paramLabel = "DIR", description = "Run directory (default: a new folder under runs/).")
    Path out;

    @Option(names = "--profiler", defaultValue = "async", description = "async (async-profiler) or jfr (default: ${DEFAULT-VALUE}).")
    String engine;

    @Option(names = "--event", defaultValue = "itimer", description = "cpu, ctimer, itimer or wall (default: ${DEFAULT-VALUE}).")
    String event;

    @Option(names = "--interval", defaultValue = "10ms", description = "Sampling interval (default: ${DEFAULT-VALUE}).")
    String interval;

    @Option(names = "--rules", paramLabel = "FILE", description = "Rule file layered over the defaults; repeatable, later wins.")
    List<Path> rules = new ArrayList<>();

    ProfilerSettings profiler() {
        if (!List.of("async", "jfr").contains(engine)) throw new UsageException("--profiler must be async or jfr, got '" + engine + "'");
        if (!List.of("cpu", "ctimer", "itimer", "wall").contains(event)) {
            throw new UsageException("--event must be cpu, ctimer, itimer or wall, got '" + event + "'");
        }
        return new ProfilerSettings(engine, event, Durations.parseNanos("--interval", interval));
    }

    RuleSet ruleSet() {
        for (Path r : rules) if (!Files.isRegularFile(r)) throw new UsageException("--rules " + r + ": no such file");
        try {
            return RuleSet.load(rules, true);
        } catch (RuleFileException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The run directory, created; {@code prefix} names the default one (attach-PID-..., profile-...). */
    Path outputDirectory(String prefix) throws Exception {
        Path dir = out != null ? out
                : Path.of("runs", prefix + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        if (Files.exists(dir.resolve("results.json"))) {
            throw new UsageException("--out " + dir + " already holds a run; choose another directory");
        }
        Files.createDirectories(dir.resolve("recordings"));
        return dir.toAbsolutePath();
    }

    /** The run's metadata; the JDK is the first profiled JVM's (each JVM's own is in its facts). */
    static RunMetadata metadata(Path dir, ProfilerSettings profiler, List<String> names, Map<String, Object> firstFacts, String how) {
        String version = String.valueOf(firstFacts.getOrDefault("java.version", ""));
        int feature;
        try {
            feature = Runtime.Version.parse(version).feature();
        } catch (IllegalArgumentException e) {
            feature = 0;
        }
        return new RunMetadata(dir.getFileName().toString(), OffsetDateTime.now().toString(), hostName(), Locations.version(),
                String.valueOf(firstFacts.getOrDefault("java.home", "")), feature, null, profiler, names,
                Arrays.asList(ProcessHandle.current().info().arguments().orElse(new String[0])), "", Map.of(), 1, false, how);
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown";
        }
    }
}
