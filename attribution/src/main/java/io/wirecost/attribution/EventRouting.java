package io.wirecost.attribution;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import java.util.Map;
import one.jfr.JfrReader;
import one.jfr.event.Event;

/**
 * Sends the event types async-profiler's reader would decode with a fixed layout to {@link RecordedEvents}
 * instead. The reader keeps each built-in type's id in a private field, re-set on every chunk; setting it
 * to -1 makes the type unknown to its built-in path, and a registered event takes it. The registrations
 * are by type id, so they are cleared and redone per chunk: concatenated recordings may number types differently.
 */
final class EventRouting {

    /** Reader field -> JFR type -> our event class; every fixed-layout type is routed, even uncounted ones. */
    private static final String[][] BUILT_IN = {
        {"executionSample", "jdk.ExecutionSample"},
        {"nativeMethodSample", "jdk.NativeMethodSample"},
        {"wallClockSample", "profiler.WallClockSample"},
        {"cpuTimeSample", "jdk.CPUTimeSample"},
        {"allocationSample", "jdk.ObjectAllocationSample"},
        {"allocationInNewTLAB", "jdk.ObjectAllocationInNewTLAB"},
        {"allocationOutsideTLAB", "jdk.ObjectAllocationOutsideTLAB"},
        {"monitorEnter", "jdk.JavaMonitorEnter"},
        {"threadPark", "jdk.ThreadPark"},
        {"methodTrace", "jdk.MethodTrace"},
        {"liveObject", "profiler.LiveObject"},
        {"malloc", "profiler.Malloc"},
        {"free", "profiler.Free"},
    };

    private static final Map<String, Class<? extends Event>> OURS = new LinkedHashMap<>();

    static {
        OURS.put("jdk.ExecutionSample", RecordedEvents.Execution.class);
        OURS.put("jdk.NativeMethodSample", RecordedEvents.NativeMethod.class);
        OURS.put("profiler.WallClockSample", RecordedEvents.WallClock.class);
        OURS.put("jdk.CPUTimeSample", RecordedEvents.CpuTime.class);
        OURS.put("jdk.ObjectAllocationSample", RecordedEvents.AllocationSample.class);
        OURS.put("jdk.ObjectAllocationInNewTLAB", RecordedEvents.AllocationInNewTlab.class);
        OURS.put("jdk.ObjectAllocationOutsideTLAB", RecordedEvents.AllocationOutsideTlab.class);
        OURS.put("jdk.JavaMonitorEnter", RecordedEvents.MonitorEnter.class);
        OURS.put("jdk.ThreadPark", RecordedEvents.ThreadPark.class);
        // CPU load, for CpuContention: the reader's own class for the machine's, ours for the threads'
        OURS.put("jdk.CPULoad", one.jfr.event.CPULoad.class);
        OURS.put("jdk.ThreadCPULoad", RecordedEvents.ThreadCpuLoad.class);
    }

    private static final Field[] TYPE_FIELDS = new Field[BUILT_IN.length];
    private static final Field CUSTOM_EVENTS;

    static {
        try {
            for (int i = 0; i < BUILT_IN.length; i++) {
                TYPE_FIELDS[i] = JfrReader.class.getDeclaredField(BUILT_IN[i][0]);
                TYPE_FIELDS[i].setAccessible(true);
            }
            CUSTOM_EVENTS = JfrReader.class.getDeclaredField("customEvents");
            CUSTOM_EVENTS.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            // a jfr-converter version whose fields differ: fail the build's tests, not a user's file silently
            throw new ExceptionInInitializerError("jfr-converter's JfrReader has changed: " + e);
        }
    }

    private EventRouting() {}

    /** Call after each new chunk's metadata is read (the constructor, or hasMoreChunks()). */
    static void route(JfrReader jfr) {
        try {
            ((one.jfr.Dictionary<?>) CUSTOM_EVENTS.get(jfr)).clear();
            for (Field f : TYPE_FIELDS) f.setInt(jfr, -1);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot route events of jfr-converter's JfrReader", e);
        }
        OURS.forEach(jfr::registerEvent);
        try {
            // The reader builds every event through Constructor.newInstance, which walks the stack for its
            // caller on each call unless the constructor is marked accessible: two million samples paid
            // for two million stack walks. Our event classes are public, so this only skips that check.
            ((one.jfr.Dictionary<?>) CUSTOM_EVENTS.get(jfr))
                    .forEach((id, c) -> ((Constructor<?>) c).setAccessible(true));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot route events of jfr-converter's JfrReader", e);
        }
    }
}
