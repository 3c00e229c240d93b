package io.wirecost.attribution;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.openjdk.jmc.common.item.IItem;
import org.openjdk.jmc.common.item.IItemCollection;
import org.openjdk.jmc.common.item.IItemIterable;
import org.openjdk.jmc.common.item.IMemberAccessor;
import org.openjdk.jmc.common.unit.IQuantity;
import org.openjdk.jmc.common.unit.UnitLookup;
import org.openjdk.jmc.flightrecorder.CouldNotLoadRecordingException;
import org.openjdk.jmc.flightrecorder.JfrAttributes;
import org.openjdk.jmc.flightrecorder.JfrLoaderToolkit;

/**
 * The fallback for recordings async-profiler's reader cannot read: JDK 7/8 (format 0.9) and JDK 9/10
 * (format 1.0) recordings, gzip- or zip-compressed ones as JMC writes them. Built on JDK Mission
 * Control's parser, which materialises every event of a chunk: fine for these (old, small) files, the
 * reason it is not the default reader.
 *
 * <p>JMC's loader drops a chunk whose start time equals one it has already loaded (it dedups chunks
 * that overlap in a repository). A file made of concatenated copies of one chunk then counts once,
 * where {@code jfr summary} counts every copy. This reader hands JMC one chunk at a time, so its
 * counts equal {@code jfr summary}'s.
 *
 * <p>Plugged into {@link RecordingReader}'s {@link AlternativeReader} seam, which hands it the files
 * of these formats (decompressed when gzip):
 *
 * <pre>
 * new RecordingReader(SampleMode.CPU, new JmcRecordingReader()).read(Path.of("jdk8.jfr"), sink);
 * </pre>
 */
public final class JmcRecordingReader implements AlternativeReader {

    /** Formats 0.x (JDK 7/8) and 1.x (JDK 9/10): JMC reads them, async-profiler's reader does not. */
    @Override
    public boolean reads(JfrFormat format) {
        return format.major() == 0 || format.major() == 1;
    }

    @Override
    public RecordingSummary read(Path file, String name, SampleMode mode, SampleSink sink) throws RecordingException {
        JmcChunks chunks = JmcChunks.of(file, name);
        Map<String, Long> counts = new TreeMap<>();
        List<String> warnings = new ArrayList<>();
        warnings.add("read with JDK Mission Control's parser (JFR format " + chunks.version() + ")");
        long startNanos = Long.MAX_VALUE;
        List<IItemCollection> loaded = new ArrayList<>();
        for (byte[] chunk : chunks.chunks()) {
            IItemCollection items = load(name, chunk);
            loaded.add(items);
            startNanos = Math.min(startNanos, firstStart(items));
        }
        for (IItemCollection items : loaded) {
            JmcChunkView view = new JmcChunkView(startNanos == Long.MAX_VALUE ? 0 : startNanos);
            sink.beginChunk(view);
            read(items, mode, (c, e) -> {
                long weight = c.weight(e);
                counts.merge(c.type(), weight, Long::sum);
                sink.sample(
                        view.stackId(c.stack() == null ? null : c.stack().getMember(e)),
                        view.threadId(c.thread() == null ? null : c.thread().getMember(e)),
                        c.startNanos(e),
                        weight);
            });
        }
        RecordingSummary summary =
                new RecordingSummary(name, "jdk", counts, chunks.chunks().size(), 0, warnings);
        return summary.samples() > 0 ? summary : summary.withEventsHeld(held(loaded), otherModes(loaded, mode));
    }

    /** Offers every event that counts in {@code mode} to {@code each}. */
    private static void read(IItemCollection items, SampleMode mode, BiConsumer<JmcEvents.Counted, IItem> each) {
        boolean allocationSamples = mode == SampleMode.ALLOC && holds(items, JmcEvents.ALLOCATION_SAMPLE);
        for (IItemIterable events : items) {
            JmcEvents.Counted c = JmcEvents.select(events.getType(), mode, allocationSamples);
            if (c == null) continue;
            for (IItem e : events) if (c.counts(e, mode)) each.accept(c, e);
        }
    }

    private static boolean holds(IItemCollection items, String type) {
        for (IItemIterable events : items)
            if (events.getType().getIdentifier().equals(type) && events.getItemCount() > 0) return true;
        return false;
    }

    /** Only when nothing counted: every event type the file holds, JMC's names (the JDK's parser reads none of these formats). */
    private static Map<String, Long> held(List<IItemCollection> loaded) {
        Map<String, Long> held = new TreeMap<>();
        for (IItemCollection items : loaded)
            for (IItemIterable events : items)
                if (events.getItemCount() > 0)
                    held.merge(events.getType().getIdentifier(), events.getItemCount(), Long::sum);
        return held;
    }

    /** Only when nothing counted: the modes that would count something, with their weight. */
    private static Map<SampleMode, Long> otherModes(List<IItemCollection> loaded, SampleMode empty) {
        Map<SampleMode, Long> found = new EnumMap<>(SampleMode.class);
        for (SampleMode m : SampleMode.values()) {
            if (m == empty) continue;
            long[] weight = new long[1];
            for (IItemCollection items : loaded) read(items, m, (c, e) -> weight[0] += c.weight(e));
            if (weight[0] > 0) found.put(m, weight[0]);
        }
        return found;
    }

    static IItemCollection load(String name, byte[] chunk) throws RecordingException {
        quietJmc();
        try {
            return JfrLoaderToolkit.loadEvents(new ByteArrayInputStream(chunk));
        } catch (IOException | CouldNotLoadRecordingException | RuntimeException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new ParserFailedException(
                    name,
                    "JDK Mission Control's parser fails on it: "
                            + why.lines().findFirst().orElse(why));
        }
    }

    /** Held: java.util.logging keeps loggers weakly, and a collected one would lose its level. */
    private static java.util.logging.Logger jmcLog;

    /**
     * JMC's parser logs every field it does not know through java.util.logging: noise on a command line or in a
     * host's log. Set where the parser is first used, not at every start: setting up java.util.logging reads its
     * configuration, a cost to every command that never reaches JMC.
     */
    private static synchronized void quietJmc() {
        if (jmcLog == null) {
            jmcLog = java.util.logging.Logger.getLogger("org.openjdk.jmc");
            jmcLog.setLevel(java.util.logging.Level.SEVERE);
        }
    }

    private static long firstStart(IItemCollection items) {
        long min = Long.MAX_VALUE;
        for (IItemIterable events : items) {
            IMemberAccessor<IQuantity, IItem> times = JfrAttributes.START_TIME.getAccessor(events.getType());
            if (times == null) continue;
            for (IItem e : events) min = Math.min(min, nanos(times.getMember(e)));
        }
        return min;
    }

    private static long nanos(IQuantity epoch) {
        return epoch == null ? 0 : epoch.clampedLongValueIn(UnitLookup.EPOCH_NS);
    }
}
