package io.wirecost.cli;

import io.wirecost.attribution.FramesSeen;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.RecordingSummary;
import io.wirecost.attribution.Recordings;
import io.wirecost.attribution.RuleLayers;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleCapture;
import io.wirecost.attribution.SampleFilter;
import io.wirecost.attribution.SampleMode;
import io.wirecost.attribution.SampleSink;
import io.wirecost.cli.common.Offsets;
import io.wirecost.runner.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Inputs, rules and sample filters shared by {@code attribute} and {@code flame}. */
final class InputOptions {

    @Parameters(
            arity = "1..*",
            paramLabel = "INPUT",
            description =
                    "JFR recordings (async-profiler or JDK Flight Recorder), collapsed stack files, or run directories.")
    List<Path> inputs;

    @Option(
            names = "--rules",
            paramLabel = "FILE|pack:NAME|pack:auto|pack:none",
            description =
                    "Rule file or built-in pack (wirecost rules --list) layered over the defaults; pack:auto takes "
                            + "every pack whose classes the recordings hold, pack:none none. Repeatable, later wins. "
                            + "Default: none for recordings of wirecost's own scenarios (SCENARIO-ROLE.jfr), pack:auto "
                            + "for any other.")
    List<String> rules = new ArrayList<>();

    @Option(names = "--no-default-rules", description = "Use only the --rules files.")
    boolean noDefaultRules;

    @Option(
            names = "--mode",
            defaultValue = "cpu",
            description = "cpu (CPU samples), cpu-time (JDK 25 jdk.CPUTimeSample, includes native code), wall "
                    + "(all threads, blocked ones too: not CPU time), alloc (bytes allocated) or lock (time blocked "
                    + "on monitors and parked). Default: ${DEFAULT-VALUE}.")
    String mode;

    @Option(names = "--threads", paramLabel = "REGEX", description = "Keep only threads whose name matches (searched).")
    String threads;

    @Option(names = "--from", description = "Keep samples from this offset into the recording (e.g. 10s, 500ms).")
    String from;

    @Option(names = "--to", description = "Keep samples before this offset into the recording (e.g. 30s).")
    String to;

    @Option(
            names = "--role",
            description =
                    "With run directories or files named SCENARIO-ROLE.jfr: keep this role (client, server, ...).")
    String role;

    /** One input file and the role its name implies ("" when none). */
    record Input(Path file, String role) {
        String label() {
            String n = file.getFileName().toString();
            return n.endsWith(".jfr") ? n.substring(0, n.length() - 4) : n;
        }
    }

    List<Input> resolve() {
        List<Input> out = new ArrayList<>();
        for (Path p : inputs) {
            if (Files.isDirectory(p)) {
                for (Path f : DirectoryRecordings.of(p)) out.add(new Input(f, RecordingNames.role(f)));
            } else {
                out.add(new Input(p, RecordingNames.role(p)));
            }
        }
        if (role != null) {
            out.removeIf(i -> !i.role().equals(role));
            if (out.isEmpty())
                throw new UsageException(
                        "--role: no input has role '" + role + "' (roles come from names like rmi-server.jfr)");
        }
        return out;
    }

    /**
     * The rule layers. With {@code pack:auto} the inputs are read first to detect the packs, and that reading is kept
     * for this command's own ({@link #read}, {@link #readModes}) to replay, so each input is read once: here alone is
     * decided what is kept, each sample with its time where the command's sink needs that, else the sums per (stack,
     * thread) that take far less memory.
     *
     * @param keeps what the command's sink needs of a kept reading: sums, or each sample ({@link
     *     SampleSink#needsEachSample}) with its time in epoch nanoseconds or in the recording's clock ({@link
     *     SampleSink#needsRecordedClock})
     */
    RuleSet ruleSet(List<Input> inputs, SampleCapture.Keeps keeps) {
        return loaded.loadDetecting(layers(inputs), !noDefaultRules, () -> framesSeen(inputs, keeps));
    }

    /**
     * The user's layers; without any, {@code pack:auto} unless every input is a recording of one of wirecost's
     * scenarios, whose libraries the defaults know: a foreign JVM's recording under the defaults alone lands
     * in {@code other} (an H2 server's, whole).
     */
    List<String> layers(List<Input> inputs) {
        if (!rules.isEmpty() || noDefaultRules) return rules;
        return inputs.stream().map(Input::file).allMatch(RecordingNames::ofOwnScenario)
                ? List.of()
                : List.of(RuleLayers.AUTO);
    }

    /** The packs pack:auto applied, once {@link #ruleSet} has detected them. */
    private final LoadedRules loaded = new LoadedRules();

    /** What pack:auto's detection read of each input, until the command's reading replays it. */
    private final java.util.Map<Path, SampleCapture> kept = new java.util.HashMap<>();

    private FramesSeen framesSeen(List<Input> inputs, SampleCapture.Keeps keeps) {
        // pack:auto by default says its packs in the output's "Counted:" line (rulesApplied), not on stderr,
        // where it would precede a one-line error
        List<Path> files = inputs.stream().map(Input::file).toList();
        List<SampleMode> modes = sampleModes(); // export's several; any other command refuses them after
        return modes.size() > 1
                ? PackDetection.seen(files, modes, this::filtered, rules.isEmpty())
                : PackDetection.seen(
                        files, modes.get(0), this::filtered, rules.isEmpty(), keeps, kept, PackDetection.KEPT_BYTES);
    }

    /**
     * The layers over the built-in rules, for the output: "built-in rules + pack:auto (compression, jdbc, h2)";
     * empty for the built-in rules alone. Call after {@link #ruleSet}.
     */
    String rulesApplied(List<Input> inputs) {
        List<String> named = layers(inputs).stream()
                .filter(layer -> !layer.equals(RuleLayers.NONE))
                .map(loaded::named)
                .toList();
        if (named.isEmpty()) return "";
        return (noDefaultRules ? "" : "built-in rules + ") + String.join(" + ", named);
    }

    /** The jar or module of each package, from the agent's {@code .artifacts} files beside the inputs. */
    io.wirecost.attribution.ArtifactIndex artifacts(List<Input> inputs) {
        try {
            return io.wirecost.attribution.ArtifactIndex.beside(
                    inputs.stream().map(Input::file).toList());
        } catch (RecordingException e) {
            throw new UsageException(e.getMessage());
        }
    }

    SampleMode sampleMode() {
        return sampleMode(mode);
    }

    /** {@code --mode} as a comma-separated list (export writes one profile per mode). */
    List<SampleMode> sampleModes() {
        List<SampleMode> out = new ArrayList<>();
        for (String m : mode.split(",")) {
            SampleMode s = sampleMode(m.trim());
            if (!out.contains(s)) out.add(s);
        }
        return out;
    }

    private static SampleMode sampleMode(String mode) {
        return switch (mode) {
            case "cpu" -> SampleMode.CPU;
            case "cpu-time" -> SampleMode.CPU_TIME;
            case "wall" -> SampleMode.WALL;
            case "alloc" -> SampleMode.ALLOC;
            case "lock" -> SampleMode.LOCK;
            default ->
                throw new UsageException("--mode must be cpu, cpu-time, wall, alloc or lock, got '" + mode + "'");
        };
    }

    /** Wraps {@code sink} in the thread and time filters, when any is set. */
    SampleSink filtered(SampleSink sink) {
        Pattern p = null;
        if (threads != null) {
            try {
                p = Pattern.compile(threads);
            } catch (PatternSyntaxException e) {
                throw new UsageException(
                        "--threads: invalid regular expression '" + threads + "': " + e.getDescription());
            }
        }
        Offsets window = Offsets.of(from, to);
        if (p == null && !timeFiltered()) return sink;
        SampleFilter filter = new SampleFilter(sink, p, window.fromNs(), window.toNs());
        filters.add(filter);
        return filter;
    }

    /** Every filter this command read through: whether any sample passed them, and where the samples lay. */
    private final List<SampleFilter> filters = new ArrayList<>();

    /**
     * Refuses inputs in which the mode found no sample: one input without samples is an error too, since a silent
     * empty column or graph reads as "no cost there".
     */
    void requireSamples(List<RecordingSummary> summaries) {
        List<RecordingSummary> empty =
                summaries.stream().filter(s -> s.samples() == 0).toList();
        if (!empty.isEmpty()) throw nothingCounted(empty);
        // a reader counts what it read, before the filters: a window past the samples left nothing all the same
        if (!filters.isEmpty()
                && filters.stream().mapToLong(SampleFilter::keptEvents).sum() == 0)
            throw nothingCounted(summaries.stream()
                    .map(s -> new RecordingSummary(
                            s.file(), s.producer(), java.util.Map.of(), s.chunks(), s.lostBytes(), List.of()))
                    .toList());
    }

    /**
     * export's several modes: refuses an input in which one of them found no sample, naming per input the modes it
     * lacks ("no alloc or lock samples"), not the whole --mode list once per missing mode.
     */
    void requireSamples(java.util.Map<SampleMode, List<RecordingSummary>> byMode) {
        java.util.Map<String, List<String>> lacking = new java.util.LinkedHashMap<>();
        java.util.Map<String, RecordingSummary> first = new java.util.LinkedHashMap<>();
        byMode.forEach((m, summaries) -> {
            for (RecordingSummary s : summaries) {
                if (s.samples() > 0) continue;
                lacking.computeIfAbsent(s.file(), f -> new ArrayList<>()).add(m.optionValue());
                first.putIfAbsent(s.file(), s);
            }
        });
        if (!lacking.isEmpty()) {
            throw nothingCounted(first.values().stream().toList(), s -> String.join(" or ", lacking.get(s.file())));
        }
        requireSamples(byMode.values().stream().flatMap(List::stream).toList());
    }

    /**
     * The error for inputs where the mode found nothing: names each such file and what it holds instead.
     */
    UsageException nothingCounted(List<RecordingSummary> empty) {
        return nothingCounted(empty, s -> mode);
    }

    private UsageException nothingCounted(
            List<RecordingSummary> empty, java.util.function.Function<RecordingSummary, String> modes) {
        StringBuilder sb = new StringBuilder();
        for (RecordingSummary s : empty) {
            if (sb.length() > 0) sb.append("; ");
            sb.append(s.file())
                    .append(": no ")
                    .append(modes.apply(s))
                    .append(" samples")
                    .append(threads != null || timeFiltered() ? " after filtering" + window() : "");
            String held = s.eventsHeldLine(6);
            if (!held.isEmpty()) sb.append(" (").append(held).append(")");
        }
        return new UsageException(sb.toString());
    }

    /**
     * "(--from 100s: its samples lie between 0.2 s and 3.6 s)": where the samples were that a time window left out; empty
     * without a window or a sample.
     */
    private String window() {
        if (!timeFiltered()) return "";
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (SampleFilter f : filters) {
            java.util.Optional<long[]> span = f.offsetSpanNanos();
            if (span.isEmpty()) continue;
            first = Math.min(first, span.get()[0]);
            last = Math.max(last, span.get()[1]);
        }
        String asked = (from == null ? "" : "--from " + from)
                + (from != null && to != null ? " " : "")
                + (to == null ? "" : "--to " + to);
        return first > last
                ? " (" + asked + ")"
                : String.format(
                        java.util.Locale.ROOT,
                        " (%s: its samples lie between %.1f s and %.1f s)",
                        asked,
                        first / 1e9,
                        last / 1e9);
    }

    boolean timeFiltered() {
        return from != null || to != null;
    }

    /** Reads one input into category counts through the attribution entry point the agent uses, with this command's filters. */
    RecordingSummary read(
            Input in, io.wirecost.attribution.Attributor attributor, io.wirecost.attribution.CategoryCounts into) {
        SampleSink classifier = attributor.classifier(into);
        SampleCapture reading = replayable(in, classifier);
        if (reading != null) return read(in, () -> reading.replay(classifier));
        return read(in, () -> attributor.read(in.file(), into, this::filtered));
    }

    RecordingSummary read(Input in, SampleSink sink) {
        SampleCapture reading = replayable(in, sink);
        if (reading != null) return read(in, () -> reading.replay(sink));
        return read(in, () -> Recordings.read(in.file(), sampleMode(), filtered(sink)));
    }

    /**
     * Reads one input in several modes at once (export) with {@code reading}; or, where pack:auto kept its reading
     * (of the one mode), replays that into the mode's sink of {@code sinks}.
     */
    java.util.Map<SampleMode, RecordingSummary> readModes(
            Input in,
            java.util.function.Function<SampleMode, SampleSink> sinks,
            Reading<java.util.Map<SampleMode, RecordingSummary>> reading) {
        // a kept reading is of one mode (sampleMode() refuses several): asked only where there is one
        SampleCapture once = kept.containsKey(in.file()) ? replayable(in, sinks.apply(sampleMode())) : null;
        if (once == null) return readModes(in, reading);
        return readModes(in, () -> java.util.Map.of(sampleMode(), once.replay(sinks.apply(sampleMode()))));
    }

    /** pack:auto's reading of {@code in}, once, where it replays into {@code sink}; else null: the file is read. */
    private SampleCapture replayable(Input in, SampleSink sink) {
        SampleCapture reading = kept.remove(in.file());
        return reading != null && reading.replaysInto(sink) ? reading : null;
    }

    interface Reading<T> {
        T read() throws RecordingException;
    }

    private RecordingSummary read(Input in, Reading<RecordingSummary> reading) {
        return readModes(in, () -> java.util.Map.of(sampleMode(), reading.read()))
                .get(sampleMode());
    }

    /** Reads one input in several modes at once (export), with the same checks and one-line errors. */
    <T extends java.util.Map<SampleMode, RecordingSummary>> T readModes(Input in, Reading<T> reading) {
        if (timeFiltered() && !Recordings.isJfr(in.file()) && !Recordings.isOtlp(in.file())) {
            throw new UsageException(in.file() + ": --from/--to need a JFR recording (collapsed stacks carry no time)");
        }
        try {
            T all = reading.read();
            for (RecordingSummary s : all.values())
                for (String w : s.warnings()) System.err.println("wirecost: warning: " + s.file() + ": " + w);
            return all;
        } catch (RecordingException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
