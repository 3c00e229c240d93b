package io.wirecost.cli;

import io.wirecost.attribution.FramesSeen;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.Recordings;
import io.wirecost.attribution.RulePack;
import io.wirecost.attribution.RulePacks;
import io.wirecost.attribution.SampleCapture;
import io.wirecost.attribution.SampleMode;
import io.wirecost.attribution.SampleSink;
import io.wirecost.runner.UsageException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** The first pass of {@code --rules pack:auto}: the frames of the recordings, and one line naming the packs found. */
final class PackDetection {

    private PackDetection() {}

    /**
     * What the kept readings of one command may take together: a quarter of the heap. Every input's reading is held
     * until the command has detected the packs over all of them, and a reading of each sample grows with the
     * recording; past this, a file is read again instead, as it was before readings were kept.
     */
    static final long KEPT_BYTES = Runtime.getRuntime().maxMemory() / 4;

    /**
     * pack:auto over a run's recordings ({@code attach}, {@code profile}, a profile file given to {@code diff}): their
     * CPU samples, unfiltered, each reading kept as sums for the run's attribution to replay.
     */
    static FramesSeen ofRun(List<Path> files, boolean quiet, Map<Path, SampleCapture> kept) {
        return seen(files, SampleMode.CPU, UnaryOperator.identity(), quiet, SampleCapture.Keeps.SUMS, kept, KEPT_BYTES);
    }

    /**
     * The frames of one mode's samples, keeping each file's reading in {@code kept} while together they take at most
     * {@code keptBytes} ({@link #KEPT_BYTES} but in tests): the command's reading that follows replays it instead of
     * reading the file a second time.
     *
     * @param quiet when pack:auto is the default rather than asked for: the command says the packs in its output, and
     *              a line here would precede an error, which must be one line
     * @param keeps what to keep of each file's reading: the sums, or each sample with its time for a command that needs
     *     each ({@link SampleCapture#read(Path, SampleMode, UnaryOperator, SampleCapture.Keeps)})
     */
    static FramesSeen seen(
            List<Path> files,
            SampleMode mode,
            UnaryOperator<SampleSink> filter,
            boolean quiet,
            SampleCapture.Keeps keeps,
            Map<Path, SampleCapture> kept,
            long keptBytes) {
        FramesSeen seen = new FramesSeen();
        long held = 0;
        for (Path f : files) {
            try {
                SampleCapture reading = SampleCapture.read(f, mode, filter, keeps);
                seen.addAll(reading.frames());
                if (held + reading.bytes() <= keptBytes) {
                    kept.put(f, reading);
                    held += reading.bytes();
                }
            } catch (RecordingException e) {
                throw new UsageException(e.getMessage());
            }
        }
        return said(seen, quiet);
    }

    /**
     * The frames of every mode's samples, all read in one pass per file ({@code export --mode cpu,alloc}), kept by
     * no one: the modes' sinks share a dictionary whose order is that of the samples across the modes, which a
     * reading kept per mode does not hold.
     */
    static FramesSeen seen(List<Path> files, List<SampleMode> modes, UnaryOperator<SampleSink> filter, boolean quiet) {
        FramesSeen seen = new FramesSeen();
        for (Path f : files) {
            Map<SampleMode, SampleSink> sinks = new java.util.EnumMap<>(SampleMode.class);
            List<FramesSeen> each = new java.util.ArrayList<>();
            for (SampleMode m : modes) {
                FramesSeen s = new FramesSeen();
                each.add(s);
                sinks.put(m, filter.apply(s));
            }
            try {
                Recordings.readEach(f, sinks);
            } catch (RecordingException e) {
                throw new UsageException(e.getMessage());
            }
            for (FramesSeen s : each) seen.addAll(s.frames());
        }
        return said(seen, quiet);
    }

    private static FramesSeen said(FramesSeen seen, boolean quiet) {
        if (quiet) return seen;
        List<String> found = names(seen);
        System.err.println("wirecost: pack:auto detected " + (found.isEmpty() ? "no pack" : String.join(", ", found)));
        return seen;
    }

    /** The names of the packs whose classes {@code seen} holds. */
    static List<String> names(FramesSeen seen) {
        return RulePacks.detect(seen).stream().map(RulePack::name).toList();
    }
}
