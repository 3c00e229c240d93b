package io.wirecost.runner;

import io.wirecost.attribution.FlameGraphSink;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.Recordings;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleCapture;
import io.wirecost.attribution.SampleMode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** {@code flames/NAME.html}: one recording's flame graph (CPU or wall samples), by async-profiler's own template. */
public final class FlameFile {

    private FlameFile() {}

    public static void write(Path runDir, String name, String title, RuleSet rules, SampleMode mode, Path recording)
            throws RecordingException, IOException {
        FlameGraphSink flame = new FlameGraphSink("html", title, rules, false);
        Recordings.read(recording, mode, flame); // JFR, OTLP (diff of profile files) or collapsed
        write(runDir, name, flame);
    }

    /**
     * As {@link #write(Path, String, String, RuleSet, SampleMode, Path)}, from a reading kept before (pack:auto's), by
     * its stack tree, which diff's differential graph of a profile file draws too.
     */
    public static void write(Path runDir, String name, String title, RuleSet rules, SampleCapture kept)
            throws IOException {
        FlameGraphSink flame = new FlameGraphSink("html", title, rules, false);
        flame.addAll(kept.stacks());
        write(runDir, name, flame);
    }

    private static void write(Path runDir, String name, FlameGraphSink flame) throws IOException {
        AtomicFiles.write(runDir.resolve("flames").resolve(name + ".html"), out -> {
            PrintStream ps = new PrintStream(out, false, StandardCharsets.UTF_8);
            flame.write(ps);
            ps.flush();
        });
    }
}
