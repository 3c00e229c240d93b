package io.wirecost.attribution;

import java.util.Set;
import org.openjdk.jmc.common.IMCStackTrace;
import org.openjdk.jmc.common.IMCThread;
import org.openjdk.jmc.common.item.Attribute;
import org.openjdk.jmc.common.item.IItem;
import org.openjdk.jmc.common.item.IMemberAccessor;
import org.openjdk.jmc.common.item.IType;
import org.openjdk.jmc.common.unit.IQuantity;
import org.openjdk.jmc.common.unit.UnitLookup;
import org.openjdk.jmc.flightrecorder.JfrAttributes;

/**
 * Which events of a recording read through JMC's parser count in a mode, and what one weighs: {@link
 * EventSelection}'s counterpart on the fallback path. JMC gives JDK 7 to 10 recordings the JDK 11 names
 * ({@code jdk.ExecutionSample}, {@code jdk.ObjectAllocationInNewTLAB}, ...) with their fields; JRockit's keep
 * JRockit's own names and fields ({@code thread}, {@code stacktrace}), which JMC's standard attributes do not
 * find.
 */
final class JmcEvents {

    private static final String JROCKIT = "http://www.oracle.com/jrockit/jvm/";
    static final String JROCKIT_SAMPLE = JROCKIT + "vm/prof/execution_sample";
    static final String JROCKIT_MONITOR_ENTER = JROCKIT + "java/monitor_enter";
    static final String ALLOCATION_SAMPLE = "jdk.ObjectAllocationSample";
    private static final Set<String> TLAB = Set.of("jdk.ObjectAllocationInNewTLAB", "jdk.ObjectAllocationOutsideTLAB");

    /** One counted type of one chunk: where its stack, thread, time and weight are. */
    record Counted(
            String type,
            IMemberAccessor<IMCStackTrace, IItem> stack,
            IMemberAccessor<IMCThread, IItem> thread,
            IMemberAccessor<IQuantity, IItem> start,
            IMemberAccessor<IQuantity, IItem> end,
            IMemberAccessor<IQuantity, IItem> bytes,
            IMemberAccessor<String, IItem> state) {

        /** Whether this event counts: JRockit samples threads in every state, only runnable ones are on a CPU. */
        boolean counts(IItem e, SampleMode mode) {
            if (mode != SampleMode.CPU || state == null) return true;
            String s = state.getMember(e);
            return s == null || s.equals("STATE_RUNNABLE");
        }

        /**
         * 1 per sample, bytes, or the nanoseconds between the event's start and end timestamps, subtracted as the
         * JDK subtracts them ({@code RecordedEvent.getDuration}), so the sum is the sum of {@code jfr print}'s.
         */
        long weight(IItem e) {
            if (bytes != null) return quantity(bytes.getMember(e), UnitLookup.BYTE);
            if (end != null && start != null)
                return quantity(end.getMember(e), UnitLookup.EPOCH_NS)
                        - quantity(start.getMember(e), UnitLookup.EPOCH_NS);
            return 1;
        }

        long startNanos(IItem e) {
            IMemberAccessor<IQuantity, IItem> t = start != null ? start : end;
            return t == null ? 0 : quantity(t.getMember(e), UnitLookup.EPOCH_NS);
        }
    }

    private JmcEvents() {}

    /**
     * The type's reading in this mode, or null when it does not count.
     *
     * @param chunkHasAllocationSamples JDK 16+ records TLAB events beside {@code jdk.ObjectAllocationSample} for
     *                                  the same allocations: a chunk that holds the latter counts only those
     */
    static Counted select(IType<IItem> type, SampleMode mode, boolean chunkHasAllocationSamples) {
        String id = type.getIdentifier();
        boolean counts = switch (mode) {
            case CPU -> id.equals("jdk.ExecutionSample") || id.equals(JROCKIT_SAMPLE);
            case CPU_TIME -> id.equals("jdk.CPUTimeSample");
            case WALL ->
                id.equals("jdk.ExecutionSample") || id.equals("jdk.NativeMethodSample") || id.equals(JROCKIT_SAMPLE);
            case ALLOC -> id.equals(ALLOCATION_SAMPLE) || !chunkHasAllocationSamples && TLAB.contains(id);
            case LOCK ->
                id.equals("jdk.JavaMonitorEnter") || id.equals("jdk.ThreadPark") || id.equals(JROCKIT_MONITOR_ENTER);
        };
        if (!counts) return null;
        IMemberAccessor<IQuantity, IItem> bytes = null;
        IMemberAccessor<IQuantity, IItem> end = null;
        if (mode == SampleMode.ALLOC) {
            // as async-profiler's converter: a TLAB event weighs the TLAB its sample stands for. The main readers
            // re-weigh async-profiler's heap-sampler samples (HeapSamplerWeights); the files this path reads (JDK 7
            // to 10) predate the heap sampler, so their TLAB events name real TLABs
            String field = id.equals(ALLOCATION_SAMPLE)
                    ? "weight"
                    : id.equals("jdk.ObjectAllocationInNewTLAB") ? "tlabSize" : "allocationSize";
            bytes = Attribute.attr(field, field, UnitLookup.MEMORY).getAccessor(type);
            if (bytes == null) return null;
        } else if (mode == SampleMode.LOCK) {
            end = JfrAttributes.END_TIME.getAccessor(type);
        }
        return new Counted(
                id,
                first(
                        JfrAttributes.EVENT_STACKTRACE.getAccessor(type),
                        Attribute.attr("stacktrace", "stacktrace", UnitLookup.STACKTRACE)
                                .getAccessor(type)),
                first(
                        JfrAttributes.EVENT_THREAD.getAccessor(type),
                        Attribute.attr("thread", "thread", UnitLookup.THREAD).getAccessor(type)),
                first(JfrAttributes.START_TIME.getAccessor(type), JfrAttributes.END_TIME.getAccessor(type)),
                end,
                bytes,
                id.equals(JROCKIT_SAMPLE)
                        ? Attribute.attr("state", "state", UnitLookup.PLAIN_TEXT)
                                .getAccessor(type)
                        : null);
    }

    private static <T> IMemberAccessor<T, IItem> first(IMemberAccessor<T, IItem> a, IMemberAccessor<T, IItem> b) {
        return a != null ? a : b;
    }

    private static long quantity(IQuantity q, org.openjdk.jmc.common.unit.IUnit unit) {
        return q == null ? 0 : q.clampedLongValueIn(unit);
    }
}
