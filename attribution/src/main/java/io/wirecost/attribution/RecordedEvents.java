package io.wirecost.attribution;

import one.jfr.JfrReader;
import one.jfr.event.Event;

/**
 * The events wirecost counts, each read from its leading fields only. async-profiler's reader reads its
 * built-in event types field by field without skipping to the event's end, so a producer that adds a
 * field (Pyroscope's fork: contextId, spanId on execution samples) or a JDK whose layout differs
 * (JDK 11's jdk.ThreadPark has no {@code until}) desynchronises it: "Negative keys not allowed".
 * Registered events are skipped to their declared size after reading, so extra or missing trailing
 * fields are harmless; {@link EventRouting} sends the types here.
 */
public final class RecordedEvents {

    private RecordedEvents() {}

    /** What a counted event is: mode decisions need the kind, sinks only time, thread, stack, weight. */
    enum Kind {
        EXECUTION,
        NATIVE_METHOD,
        WALL_CLOCK,
        CPU_TIME,
        ALLOCATION_SAMPLE,
        ALLOCATION_TLAB,
        MONITOR_ENTER,
        THREAD_PARK
    }

    /** Base of the routed events: {@code weight} is samples, bytes or nanoseconds by kind. */
    abstract static class Counted extends Event {
        final int threadState;
        final long weight;

        Counted(long time, int tid, int stackTraceId, int threadState, long weight) {
            super(time, tid, stackTraceId);
            this.threadState = threadState;
            this.weight = weight;
        }

        abstract Kind kind();
    }

    /** jdk.ExecutionSample: startTime, sampledThread, stackTrace, state. */
    public static final class Execution extends Counted {
        public Execution(JfrReader jfr) {
            super(jfr.getVarlong(), jfr.getVarint(), jfr.getVarint(), jfr.getVarint(), 1);
        }

        @Override
        Kind kind() {
            return Kind.EXECUTION;
        }
    }

    /** jdk.NativeMethodSample, same fields: threads in native methods, running or blocked. */
    public static final class NativeMethod extends Counted {
        public NativeMethod(JfrReader jfr) {
            super(jfr.getVarlong(), jfr.getVarint(), jfr.getVarint(), jfr.getVarint(), 1);
        }

        @Override
        Kind kind() {
            return Kind.NATIVE_METHOD;
        }
    }

    /** profiler.WallClockSample (async-profiler 3+): startTime, sampledThread, stackTrace, state, samples. */
    public static final class WallClock extends Counted {
        public WallClock(JfrReader jfr) {
            super(jfr.getVarlong(), jfr.getVarint(), jfr.getVarint(), jfr.getVarint(), jfr.getVarint());
        }

        @Override
        Kind kind() {
            return Kind.WALL_CLOCK;
        }
    }

    /** jdk.CPUTimeSample (JDK 25): startTime, stackTrace, eventThread, then failure and period fields. */
    public static final class CpuTime extends Counted {
        public CpuTime(JfrReader jfr) {
            this(jfr.getVarlong(), jfr.getVarint(), jfr.getVarint());
        }

        private CpuTime(long time, int stackTraceId, int tid) {
            super(time, tid, stackTraceId, 0, 1);
        }

        @Override
        Kind kind() {
            return Kind.CPU_TIME;
        }
    }

    /**
     * The layout of jdk.ObjectAllocationSample and jdk.ObjectAllocationOutsideTLAB: startTime, eventThread,
     * stackTrace, objectClass, then the bytes. The reader registers one class per event type, so each type
     * keeps its own class; they share the reading.
     */
    abstract static class ClassBytes extends Counted {
        ClassBytes(JfrReader jfr) {
            this(jfr.getVarlong(), jfr.getVarint(), jfr.getVarint(), skip(jfr), jfr.getVarlong());
        }

        private ClassBytes(long time, int tid, int stackTraceId, int ignoredClass, long bytes) {
            super(time, tid, stackTraceId, 0, bytes);
        }
    }

    /** jdk.ObjectAllocationSample (JDK 16+): startTime, eventThread, stackTrace, objectClass, weight (bytes). */
    public static final class AllocationSample extends ClassBytes {
        public AllocationSample(JfrReader jfr) {
            super(jfr);
        }

        @Override
        Kind kind() {
            return Kind.ALLOCATION_SAMPLE;
        }
    }

    /**
     * jdk.ObjectAllocationInNewTLAB: startTime, eventThread, stackTrace, objectClass, allocationSize, tlabSize.
     * async-profiler puts max(allocationSize, its interval) in tlabSize; the JDK the new TLAB's size, the
     * usual estimate of the bytes allocated since the last such event. Weight is tlabSize, as in jfrconv, until
     * the chunk's end re-weighs async-profiler's samples ({@link HeapSamplerWeights}).
     */
    public static final class AllocationInNewTlab extends Counted {
        final long size;

        final long tlabSize;

        public AllocationInNewTlab(JfrReader jfr) {
            this(jfr.getVarlong(), jfr.getVarint(), jfr.getVarint(), skip(jfr), jfr.getVarlong(), jfr.getVarlong());
        }

        private AllocationInNewTlab(long time, int tid, int stackTraceId, int ignoredClass, long size, long tlabSize) {
            super(time, tid, stackTraceId, 0, tlabSize != 0 ? tlabSize : size);
            this.size = size;
            this.tlabSize = tlabSize;
        }

        @Override
        Kind kind() {
            return Kind.ALLOCATION_TLAB;
        }
    }

    /** jdk.ObjectAllocationOutsideTLAB: startTime, eventThread, stackTrace, objectClass, allocationSize. */
    public static final class AllocationOutsideTlab extends ClassBytes {
        public AllocationOutsideTlab(JfrReader jfr) {
            super(jfr);
        }

        @Override
        Kind kind() {
            return Kind.ALLOCATION_TLAB;
        }
    }

    /**
     * The leading fields of jdk.JavaMonitorEnter and jdk.ThreadPark: startTime, duration (ticks), eventThread,
     * stackTrace; the weight is the duration, in ticks until the reader converts.
     */
    abstract static class Blocked extends Counted {
        Blocked(JfrReader jfr) {
            this(jfr.getVarlong(), jfr.getVarlong(), jfr.getVarint(), jfr.getVarint());
        }

        private Blocked(long time, long durationTicks, int tid, int stackTraceId) {
            super(time, tid, stackTraceId, 0, durationTicks);
        }
    }

    /** jdk.JavaMonitorEnter: startTime, duration (ticks), eventThread, stackTrace, ... Weight is ticks until the reader converts. */
    public static final class MonitorEnter extends Blocked {
        public MonitorEnter(JfrReader jfr) {
            super(jfr);
        }

        @Override
        Kind kind() {
            return Kind.MONITOR_ENTER;
        }
    }

    /** jdk.ThreadPark: startTime, duration (ticks), eventThread, stackTrace, then fields that differ by JDK. */
    public static final class ThreadPark extends Blocked {
        public ThreadPark(JfrReader jfr) {
            super(jfr);
        }

        @Override
        Kind kind() {
            return Kind.THREAD_PARK;
        }
    }

    private static int skip(JfrReader jfr) {
        return jfr.getVarint();
    }

    /**
     * jdk.ThreadCPULoad: startTime, eventThread, user, system (fractions of all cores), for {@link CpuContention}.
     * Not counted: it weighs no stack.
     */
    public static final class ThreadCpuLoad extends Event {
        final float user;
        final float system;

        public ThreadCpuLoad(JfrReader jfr) {
            super(jfr.getVarlong(), jfr.getVarint(), 0);
            this.user = jfr.getFloat();
            this.system = jfr.getFloat();
        }
    }
}
