package io.wirecost.attribution;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The counted events of one mapped chunk, summed per (stack, thread) for each requested mode, or kept each with
 * its time for a mode whose sink needs each, without an object per event: each event's size prefix says where the
 * next starts, so only the types a mode counts have their leading fields decoded (the same fields, in the same order, as {@link RecordedEvents} reads),
 * and every other event is skipped. Which event counts in which mode, and with which weight, follows
 * {@link EventSelection} rule for rule; the differential tests hold the two to the same counts.
 */
final class ChunkEvents {

    /** The event types a mode may count, in the order of the weights kept per type. */
    static final String[] TYPES = {
        "jdk.ExecutionSample",
        "jdk.NativeMethodSample",
        "profiler.WallClockSample",
        "jdk.CPUTimeSample",
        "jdk.ObjectAllocationSample",
        "jdk.ObjectAllocationInNewTLAB",
        "jdk.ObjectAllocationOutsideTLAB"
    };

    private static final int EXECUTION = 0;
    private static final int NATIVE = 1;
    private static final int WALL_CLOCK = 2;
    private static final int CPU_TIME = 3;
    private static final int ALLOCATION = 4;
    private static final int NEW_TLAB = 5;
    private static final int OUTSIDE_TLAB = 6;

    /**
     * The modes this reader counts. Lock durations stay with the general reader: their events (monitor enter, park)
     * are types this reader does not decode, and their weights are durations in each chunk's ticks.
     */
    static boolean counts(SampleMode mode) {
        return mode != SampleMode.LOCK;
    }

    /** One mode's events over one chunk: summed per (stack, thread), or each kept where the mode's sink needs each. */
    static final class Part {
        final SampleMode mode;
        /** Keyed by the chunk's own ids until {@link ChunkIds} translates it; unused where {@link #each} is kept. */
        StackTally tally = new StackTally();
        /**
         * Each sample in the order read, its time in epoch nanoseconds (the chunk's clock applied as the general
         * reader's view applies it, {@link JfrChunk#epochNanos}), or null where sums do; keyed as {@link #tally}.
         */
        KeptSamples each;

        final long[] weights = new long[TYPES.length];
        final boolean[] seen = new boolean[TYPES.length];

        Part(SampleMode mode, boolean eachSample) {
            this.mode = mode;
            this.each = eachSample ? new KeptSamples() : null;
        }

        void add(int type, int stack, int thread, long epochNanos, long weight) {
            weights[type] += weight;
            seen[type] = true;
            if (each != null) each.add(stack, thread, epochNanos, weight);
            else tally.add(stack, thread, weight);
        }

        /**
         * Its ids translated by {@code ids}, applied only when the returned action runs: a chunk applies all its parts'
         * or none, since a lookup may fail on the second part after the first is done.
         */
        Runnable translation(ChunkIds ids) {
            if (each != null) {
                KeptSamples translated = ids.translate(each);
                return () -> each = translated;
            }
            StackTally translated = ids.translate(tally);
            return () -> tally = translated;
        }

        /** Hands the sink what was read: each sample in order, or the sums. */
        void drainTo(SampleSink sink) {
            if (each != null) each.replayInto(sink);
            else tally.drainTo(sink);
        }

        void addTo(Map<String, Long> counts) {
            for (int i = 0; i < TYPES.length; i++) if (seen[i]) counts.merge(TYPES[i], weights[i], Long::sum);
        }
    }

    /** What the chunks before this one leave for it: thread-state constants and async-profiler's "event" setting. */
    record Carry(Map<Integer, String> threadStates, boolean hasEventSetting, String eventSetting) {
        static final Carry NONE = new Carry(null, false, null);
    }

    final Part[] parts;
    /** Whether async-profiler's cpu/wall split in this chunk needs what earlier chunks set: then read in order. */
    final boolean needsCarry;
    /** The last "event" setting of this chunk, if it has one: the next chunks inherit it. */
    boolean hasEventSetting;

    String eventSetting;
    /** The chunk's CPU load events, kept apart from the samples: {@link CpuContention} reads them. */
    ChunkLoads loads;

    private ChunkEvents(Part[] parts, boolean needsCarry) {
        this.parts = parts;
        this.needsCarry = needsCarry;
    }

    /**
     * Sums the chunk's events for {@code modes}, keeping each one instead for the modes in {@code each}; with
     * {@code carry} null (chunks read in parallel) a chunk whose split depends on earlier chunks is only marked
     * {@link #needsCarry} and read again in order.
     */
    static ChunkEvents read(ChunkPools pools, List<SampleMode> modes, Set<SampleMode> each, Carry carry) {
        boolean cpuOrWall = modes.contains(SampleMode.CPU) || modes.contains(SampleMode.WALL);
        int ownDefault = ChunkPools.stateDefault(pools.threadStates);
        boolean dependent = pools.asyncProfiler && cpuOrWall && ownDefault == Integer.MIN_VALUE;
        Part[] parts = new Part[modes.size()];
        for (int i = 0; i < parts.length; i++) parts[i] = new Part(modes.get(i), each.contains(modes.get(i)));
        ChunkEvents out = new ChunkEvents(parts, dependent && carry == null);
        // a chunk that needs the carry is scanned all the same: whatever could fail must fail now, before
        // any sink has seen a sample, so the file can still go to the general reader
        Map<Integer, String> states =
                pools.threadStates != null || carry == null ? pools.threadStates : carry.threadStates;
        out.scan(pools, ChunkPools.stateDefault(states), carry == null ? Carry.NONE : carry);
        return out;
    }

    private void scan(ChunkPools pools, int stateDefault, Carry carry) {
        JfrMetadata meta = pools.meta;
        int[] ids = new int[TYPES.length];
        for (int i = 0; i < ids.length; i++) ids[i] = meta.typeId(TYPES[i]);
        JfrMetadata.Type setting = meta.byName.get("jdk.ActiveSetting");
        int settingId = pools.asyncProfiler && setting != null ? setting.id : -1;
        boolean async = pools.asyncProfiler;
        hasEventSetting = carry.hasEventSetting();
        eventSetting = carry.eventSetting();
        boolean sawAllocationSample = false;
        loads = new ChunkLoads(meta);
        // TLAB events wait for the chunk's end, as in EventSelection: a jdk.ObjectAllocationSample makes them redundant
        int[] deferred = new int[0];
        long[] deferredWeights = new long[0];
        long[] deferredSizes = new long[0]; // allocationSize beside tlabSize, for HeapSamplerWeights
        long[] deferredTimes = new long[0];
        int deferredCount = 0;
        boolean timed = false;
        for (Part p : parts) timed |= p.each != null;

        JfrCursor c = pools.events();
        int end = c.limit();
        while (c.pos < end) {
            int start = c.pos;
            int size = c.getVarint();
            int type = c.getVarint();
            if (size <= 0 || size > end - start) throw new JfrCursor.Unreadable("event size");
            if (type == 'L' && c.getInt(start) == 0x464c5200) throw new JfrCursor.Unreadable("chunk inside a chunk");
            int kind = kindOf(ids, type);
            if (kind >= 0) {
                long weight = 1;
                long bytes = 0;
                int thread;
                int stack;
                int state = 0;
                long ticks = c.getVarlong(); // start time
                if (kind == CPU_TIME) {
                    stack = c.getVarint();
                    thread = c.getVarint();
                } else {
                    thread = c.getVarint();
                    stack = c.getVarint();
                    if (kind <= WALL_CLOCK) state = c.getVarint();
                    if (kind == WALL_CLOCK) weight = c.getVarint();
                    if (kind >= ALLOCATION) {
                        c.getVarint(); // object class
                        weight = c.getVarlong();
                        bytes = weight;
                        if (kind == NEW_TLAB) weight = c.getVarlong(); // tlabSize: 0 where there is none
                    }
                }
                if (kind == ALLOCATION) sawAllocationSample = true;
                long time =
                        timed ? JfrChunk.epochNanos(pools.startNanos, pools.startTicks, pools.ticksPerSec, ticks) : 0;
                for (Part p : parts) {
                    if (!counted(p.mode, kind, async, state, stateDefault)) continue;
                    if (kind == NEW_TLAB || kind == OUTSIDE_TLAB) {
                        if (deferredCount == deferredWeights.length) {
                            int capacity = Math.max(16, deferredCount * 2);
                            deferred = Arrays.copyOf(deferred, capacity * 3);
                            deferredWeights = Arrays.copyOf(deferredWeights, capacity);
                            deferredSizes = Arrays.copyOf(deferredSizes, capacity);
                            deferredTimes = Arrays.copyOf(deferredTimes, capacity);
                        }
                        deferredTimes[deferredCount] = time;
                        deferred[deferredCount * 3] = kind;
                        deferred[deferredCount * 3 + 1] = stack;
                        deferred[deferredCount * 3 + 2] = thread;
                        deferredSizes[deferredCount] = bytes;
                        deferredWeights[deferredCount++] = kind == NEW_TLAB ? weight : bytes;
                    } else {
                        p.add(kind, stack, thread, time, weight);
                    }
                }
            } else if (type == settingId && settingId >= 0) {
                readSetting(c, meta.byName.get("jdk.ActiveSetting"));
            } else if (loads.wants(type)) {
                loads.read(c, type);
            }
            c.pos = start + size;
        }
        if (!sawAllocationSample && deferredCount > 0) {
            long interval = async ? heapSamplerInterval(deferred, deferredSizes, deferredWeights, deferredCount) : 0;
            for (Part p : parts) {
                if (p.mode != SampleMode.ALLOC) continue;
                for (int i = 0; i < deferredCount; i++)
                    p.add(
                            deferred[i * 3],
                            deferred[i * 3 + 1],
                            deferred[i * 3 + 2],
                            deferredTimes[i],
                            deferred[i * 3] == NEW_TLAB
                                    ? HeapSamplerWeights.weight(deferredSizes[i], deferredWeights[i], interval)
                                    : deferredSizes[i]);
            }
        }
    }

    /** The heap sampler's interval that the chunk's jdk.ObjectAllocationInNewTLAB samples fit, or 0. */
    private static long heapSamplerInterval(int[] deferred, long[] sizes, long[] tlabs, int count) {
        long[] s = new long[count];
        long[] t = new long[count];
        int n = 0;
        for (int i = 0; i < count; i++) {
            if (deferred[i * 3] != NEW_TLAB) continue;
            s[n] = sizes[i];
            t[n++] = tlabs[i];
        }
        return HeapSamplerWeights.interval(s, t, n);
    }

    private boolean counted(SampleMode mode, int kind, boolean async, int state, int stateDefault) {
        return switch (kind) {
            case EXECUTION ->
                (mode == SampleMode.CPU || mode == SampleMode.WALL)
                        && (!async || (mode == SampleMode.CPU) == isCpu(state, stateDefault));
            case NATIVE, WALL_CLOCK -> mode == SampleMode.WALL;
            case CPU_TIME -> mode == SampleMode.CPU_TIME;
            default -> mode == SampleMode.ALLOC;
        };
    }

    private boolean isCpu(int state, int stateDefault) {
        if (stateDefault != Integer.MIN_VALUE) return state == stateDefault;
        return !hasEventSetting || eventSetting == null || !eventSetting.equals("wall");
    }

    /** As JfrReader's readActiveSetting: numbers up to the "id" field, then the setting's name and value. */
    private void readSetting(JfrCursor c, JfrMetadata.Type type) {
        for (JfrMetadata.Field f : type.fields) {
            c.getVarlong();
            if ("id".equals(f.name())) break;
        }
        String name = JfrStrings.read(c);
        String value = JfrStrings.read(c);
        if ("event".equals(name)) {
            hasEventSetting = true;
            eventSetting = value;
        }
    }

    private static int kindOf(int[] ids, int type) {
        for (int i = 0; i < ids.length; i++) if (ids[i] == type && type >= 0) return i;
        return -1;
    }
}
