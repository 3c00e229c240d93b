package io.wirecost.attribution;

import java.util.Arrays;

/**
 * One chunk's {@code jdk.CPULoad} and {@code jdk.ThreadCPULoad} events, for {@link CpuContention}: a few small
 * events a second, decoded field by field as the chunk's metadata declares them (numbers, floats, constants),
 * so a JDK that adds or reorders a field is still read right; an event with a field of any other kind is skipped.
 * Threads stay the chunk's ids until the chunk's pools name them.
 */
final class ChunkLoads {

    private final JfrMetadata meta;
    private final int cpuLoad;
    private final int threadCpuLoad;
    /** jvmUser, jvmSystem, machineTotal per jdk.CPULoad event. */
    private double[] machine = new double[0];

    private int machineCount;
    private long[] threads = new long[0];
    private double[] threadLoads = new double[0];
    private int threadCount;

    ChunkLoads(JfrMetadata meta) {
        this.meta = meta;
        this.cpuLoad = meta.typeId("jdk.CPULoad");
        this.threadCpuLoad = meta.typeId("jdk.ThreadCPULoad");
    }

    /** Whether {@code type} is one of the two; then {@link #read} takes the event. */
    boolean wants(int type) {
        return type >= 0 && (type == cpuLoad || type == threadCpuLoad);
    }

    /** At the event's first field (past size and type). */
    void read(JfrCursor c, int type) {
        boolean machineEvent = type == cpuLoad;
        JfrMetadata.Type t = meta.byId.get(type);
        double jvmUser = Double.NaN, jvmSystem = Double.NaN, machineTotal = Double.NaN, user = Double.NaN;
        double system = Double.NaN;
        long thread = Long.MIN_VALUE;
        for (JfrMetadata.Field f : t.fields) {
            double v;
            if (f.array()) return;
            if (f.constantPool()) {
                long id = c.getVarlong();
                if ("eventThread".equals(f.name())) thread = id;
                continue;
            }
            JfrMetadata.Type ft = meta.byId.get(f.typeId());
            if (ft == null) return;
            switch (ft.name) {
                case "float" -> {
                    v = Float.intBitsToFloat(c.getInt(c.pos));
                    c.skip(4);
                }
                case "double" -> {
                    v = Double.longBitsToDouble(c.getLong(c.pos));
                    c.skip(8);
                }
                case "long", "int", "short", "char" -> v = c.getVarlong();
                case "byte", "boolean" -> v = c.getByte();
                default -> {
                    return; // a struct or a string: not one of the JDK's layouts of these events
                }
            }
            switch (f.name()) {
                case "jvmUser" -> jvmUser = v;
                case "jvmSystem" -> jvmSystem = v;
                case "machineTotal" -> machineTotal = v;
                case "user" -> user = v;
                case "system" -> system = v;
                default -> {}
            }
        }
        if (machineEvent) {
            if (Double.isNaN(jvmUser) || Double.isNaN(jvmSystem) || Double.isNaN(machineTotal)) return;
            if (machineCount * 3 == machine.length) machine = Arrays.copyOf(machine, Math.max(12, machine.length * 2));
            machine[machineCount * 3] = jvmUser;
            machine[machineCount * 3 + 1] = jvmSystem;
            machine[machineCount++ * 3 + 2] = machineTotal;
        } else {
            if (thread == Long.MIN_VALUE || Double.isNaN(user) || Double.isNaN(system)) return;
            if (threadCount == threads.length) {
                threads = Arrays.copyOf(threads, Math.max(8, threadCount * 2));
                threadLoads = Arrays.copyOf(threadLoads, threads.length);
            }
            threads[threadCount] = thread;
            threadLoads[threadCount++] = user + system;
        }
    }

    /** Thread names of this chunk's ids. */
    interface Names {
        String of(long threadId);
    }

    void addTo(CpuLoadTally tally, Names names) {
        for (int i = 0; i < machineCount; i++) tally.machine(machine[i * 3], machine[i * 3 + 1], machine[i * 3 + 2]);
        for (int i = 0; i < threadCount; i++) tally.thread(names.of(threads[i]), threadLoads[i]);
    }
}
