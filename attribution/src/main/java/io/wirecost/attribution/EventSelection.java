package io.wirecost.attribution;

import java.util.Map;
import one.jfr.JfrReader;

/**
 * Which events of one chunk count in a {@link SampleMode}, under which event type name, with which weight.
 *
 * <p>async-profiler writes cpu, itimer and wall samples all as jdk.ExecutionSample. From 2.10 on, cpu
 * samples carry the thread state STATE_DEFAULT and wall samples a real state; 2.9 and older have no
 * STATE_DEFAULT, and the recording's own {@code event} setting (cpu, itimer, wall, ...) says what every
 * sample is. Testing only the state read those cpu recordings as wall-clock samples.
 */
final class EventSelection {

    private final SampleMode mode;
    private final JfrReader jfr;
    private final boolean async;
    private final int stateDefault;
    /** Whether this chunk held a jdk.ObjectAllocationSample: its TLAB events then count the same bytes again. */
    private boolean sawAllocationSample;

    EventSelection(SampleMode mode, JfrReader jfr, boolean async) {
        this.mode = mode;
        this.jfr = jfr;
        this.async = async;
        this.stateDefault = stateKey(jfr, "STATE_DEFAULT");
    }

    /** The event type name the event counts as, or null when it does not count in this mode. */
    String countedAs(RecordedEvents.Counted e) {
        return switch (e.kind()) {
            case EXECUTION -> execution(e);
            case NATIVE_METHOD -> mode == SampleMode.WALL ? "jdk.NativeMethodSample" : null;
            case WALL_CLOCK -> mode == SampleMode.WALL ? "profiler.WallClockSample" : null;
            case CPU_TIME -> mode == SampleMode.CPU_TIME ? "jdk.CPUTimeSample" : null;
            case ALLOCATION_SAMPLE -> {
                sawAllocationSample = true;
                yield mode == SampleMode.ALLOC ? "jdk.ObjectAllocationSample" : null;
            }
            case ALLOCATION_TLAB ->
                mode != SampleMode.ALLOC
                        ? null
                        : e instanceof RecordedEvents.AllocationInNewTlab
                                ? "jdk.ObjectAllocationInNewTLAB"
                                : "jdk.ObjectAllocationOutsideTLAB";
            case MONITOR_ENTER -> mode == SampleMode.LOCK ? "jdk.JavaMonitorEnter" : null;
            case THREAD_PARK -> mode == SampleMode.LOCK ? "jdk.ThreadPark" : null;
        };
    }

    /**
     * TLAB events wait for the chunk's end: JDK 16+ may record them next to jdk.ObjectAllocationSample
     * (both enabled in the profile settings), and only then are they known to be redundant.
     */
    boolean deferred(RecordedEvents.Counted e) {
        return e.kind() == RecordedEvents.Kind.ALLOCATION_TLAB;
    }

    /** At the chunk's end: whether the deferred TLAB events count. */
    boolean deferredCount() {
        return !sawAllocationSample;
    }

    /** async-profiler's heap sampler interval that the chunk's deferred TLAB samples fit, or 0. */
    private long heapSamplerInterval;

    /** At the chunk's end, before the deferred events pass: finds the interval that re-weighs them. */
    void deferredAre(java.util.List<RecordedEvents.Counted> deferred) {
        heapSamplerInterval = 0;
        if (!async) return;
        long[] sizes = new long[deferred.size()];
        long[] tlabs = new long[deferred.size()];
        int n = 0;
        for (RecordedEvents.Counted e : deferred) {
            if (!(e instanceof RecordedEvents.AllocationInNewTlab t)) continue;
            sizes[n] = t.size;
            tlabs[n++] = t.tlabSize;
        }
        heapSamplerInterval = HeapSamplerWeights.interval(sizes, tlabs, n);
    }

    /** Samples, bytes, or (lock events) nanoseconds blocked. */
    long weight(RecordedEvents.Counted e) {
        if (e.kind() == RecordedEvents.Kind.MONITOR_ENTER || e.kind() == RecordedEvents.Kind.THREAD_PARK) {
            return blockedNanos(e.time, e.weight, jfr.chunkStartTicks, jfr.ticksPerSec);
        }
        if (e instanceof RecordedEvents.AllocationInNewTlab t)
            return HeapSamplerWeights.weight(t.size, t.tlabSize, heapSamplerInterval);
        return e.weight;
    }

    /**
     * An event's duration as the JDK gives it ({@code RecordedEvent.getDuration}): its end and its start converted
     * to nanoseconds each ({@code TimeConverter.convertTimestamp}, truncating), then subtracted. Scaling the
     * duration alone ({@code ticks * 1e9 / ticksPerSec}) truncates once per event where the JDK truncates two
     * timestamps, so totals drifted from {@code jfr print}'s by up to 1 ns per event on clocks other than 1 GHz.
     */
    static long blockedNanos(long startTicks, long durationTicks, long chunkStartTicks, long ticksPerSec) {
        double divisor = ticksPerSec / 1e9;
        long from = startTicks - chunkStartTicks;
        return (long) ((from + durationTicks) / divisor) - (long) (from / divisor);
    }

    private String execution(RecordedEvents.Counted e) {
        if (mode != SampleMode.CPU && mode != SampleMode.WALL) return null;
        // JDK Flight Recorder: execution samples are threads running Java code, in both modes
        if (!async || mode == SampleMode.CPU && isCpu(e) || mode == SampleMode.WALL && !isCpu(e))
            return "jdk.ExecutionSample";
        return null;
    }

    private boolean isCpu(RecordedEvents.Counted e) {
        if (stateDefault != Integer.MIN_VALUE) return e.threadState == stateDefault;
        // async-profiler 2.9 and older; its settings precede the samples in every chunk
        String event = jfr.settings.get("event");
        return event == null || !event.equals("wall");
    }

    private static int stateKey(JfrReader jfr, String state) {
        Map<Integer, String> states = jfr.enums.get("jdk.types.ThreadState");
        if (states != null) {
            for (Map.Entry<Integer, String> s : states.entrySet()) {
                if (state.equals(s.getValue())) return s.getKey();
            }
        }
        return Integer.MIN_VALUE;
    }
}
