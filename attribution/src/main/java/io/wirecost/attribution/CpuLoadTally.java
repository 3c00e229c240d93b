package io.wirecost.attribution;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one read collects for {@link CpuContention}: the recording's {@code jdk.CPULoad} readings, its
 * {@code jdk.ThreadCPULoad} loads summed by thread name, and (through {@link #counting}) the CPU-mode samples per
 * thread name. Names, not ids: the readers number threads differently, a name is what a user reads.
 */
final class CpuLoadTally {

    private double[] machine = new double[16];
    private double[] jvm = new double[16];
    private int readings;
    private final Map<String, Double> threadLoads = new LinkedHashMap<>();
    private final Map<String, Long> threadSamples = new HashMap<>();

    /** One jdk.CPULoad event, fractions of all cores. */
    void machine(double jvmUser, double jvmSystem, double machineTotal) {
        if (readings == machine.length) {
            machine = Arrays.copyOf(machine, readings * 2);
            jvm = Arrays.copyOf(jvm, readings * 2);
        }
        machine[readings] = machineTotal;
        jvm[readings++] = jvmUser + jvmSystem;
    }

    /** One jdk.ThreadCPULoad event: the thread's user + system load. */
    void thread(String name, double load) {
        threadLoads.merge(name == null ? "[unknown]" : name, load, Double::sum);
    }

    CpuContention decide() {
        return CpuContention.of(
                Arrays.copyOf(machine, readings), Arrays.copyOf(jvm, readings), threadSamples, threadLoads);
    }

    /** {@code sink} as it is, counting the samples it gets per thread name on the way. */
    SampleSink counting(SampleSink sink) {
        return new SampleSink() {
            private ChunkView chunk;
            private final Map<Integer, String> names = new HashMap<>();

            @Override
            public void beginChunk(ChunkView c) {
                chunk = c;
                names.clear();
                sink.beginChunk(c);
            }

            @Override
            public void sample(int stackTraceId, int threadId, long ticks, long weight) {
                count(threadId, weight);
                sink.sample(stackTraceId, threadId, ticks, weight);
            }

            @Override
            public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
                count(threadId, weight);
                sink.samples(stackTraceId, threadId, weight, events, weightSquares);
            }

            @Override
            public boolean needsEachSample() {
                return sink.needsEachSample();
            }

            @Override
            public boolean needsRecordedClock() {
                return sink.needsRecordedClock();
            }

            private void count(int threadId, long weight) {
                String name = names.computeIfAbsent(threadId, id -> {
                    String n = chunk.threadName(id);
                    return n == null ? "[unknown]" : n;
                });
                threadSamples.merge(name, weight, Long::sum);
            }
        };
    }
}
