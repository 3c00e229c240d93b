package io.wirecost.attribution;

import io.wirecost.attribution.stats.Median;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Whether the CPU was contended while JDK Flight Recorder's execution sampler ran, decided from the recording
 * alone. That sampler takes threads in Java code whether they are running or only runnable (waiting for a
 * core), so when more threads want a core than there are cores, a thread that is always runnable collects
 * samples for time it spent waiting, and the shares drift from CPU time; async-profiler's cpu event and JDK
 * 25's {@code jdk.CPUTimeSample} count CPU time and are exact. Two facts the JDK records say it happened:
 * {@code jdk.CPULoad} (the machine's load and the JVM's part of it) near saturation with other processes
 * taking a part, and {@code jdk.ThreadCPULoad} (each thread's CPU load) disagreeing with the threads'
 * sample shares.
 *
 * @param verdict                     contended, not contended, or unknown (no {@code jdk.CPULoad} events)
 * @param cpuLoadEvents               {@code jdk.CPULoad} events read
 * @param machineCpuMedianPercent     median of their machine total, percent of all cores (NaN when unknown)
 * @param otherProcessesMedianPercent median of machine total minus the JVM's user and system load, percent of all cores
 * @param largestGapPoints            the largest difference, in percentage points, between a thread's share of the
 *                                    samples and its share of CPU time (0 without {@code jdk.ThreadCPULoad} events)
 * @param threads                     the most sampled threads that have {@code jdk.ThreadCPULoad} events, shares among those threads
 */
public record CpuContention(
        Verdict verdict,
        int cpuLoadEvents,
        double machineCpuMedianPercent,
        double otherProcessesMedianPercent,
        double largestGapPoints,
        List<ThreadShares> threads) {

    /** The machine counts as saturated from this median load on. */
    public static final double SATURATED_PERCENT = 90;
    /** Other processes take at least this much of the machine (median): they compete for the cores. */
    public static final double OTHER_PROCESSES_PERCENT = 10;
    /** A thread whose sample share and CPU share differ by this many points shows the bias itself. */
    public static final double GAP_POINTS = 10;
    /** Fewer samples than this over the compared threads say nothing about a gap. */
    public static final long MIN_SAMPLES = 100;
    /** Threads named in the note and in results. */
    public static final int TOP_THREADS = 3;

    public enum Verdict {
        CONTENDED,
        NOT_CONTENDED,
        UNKNOWN
    }

    /**
     * One thread: its share of the compared threads' samples and of their CPU time ({@code jdk.ThreadCPULoad} summed
     * over the recording: the events come at one period, so the sums weigh alike).
     */
    public record ThreadShares(String thread, long samples, double samplesPercent, double cpuTimePercent) {}

    public CpuContention {
        threads = List.copyOf(threads);
    }

    static final CpuContention UNKNOWN = new CpuContention(Verdict.UNKNOWN, 0, Double.NaN, Double.NaN, 0, List.of());

    public boolean contended() {
        return verdict == Verdict.CONTENDED;
    }

    /**
     * The decision.
     *
     * @param machineTotal    each {@code jdk.CPULoad} event's machineTotal, a fraction of all cores
     * @param jvm             each event's jvmUser + jvmSystem, same order
     * @param samplesByThread execution samples per thread name
     * @param cpuLoadByThread {@code jdk.ThreadCPULoad} user + system summed per thread name
     */
    public static CpuContention of(
            double[] machineTotal,
            double[] jvm,
            Map<String, Long> samplesByThread,
            Map<String, Double> cpuLoadByThread) {
        if (machineTotal.length == 0) return UNKNOWN;
        double[] others = new double[machineTotal.length];
        for (int i = 0; i < others.length; i++) others[i] = Math.max(0, machineTotal[i] - jvm[i]);
        double machine = 100 * Median.of(machineTotal);
        double other = 100 * Median.of(others);
        List<String> compared = samplesByThread.keySet().stream()
                .filter(t -> cpuLoadByThread.getOrDefault(t, 0.0) > 0)
                .toList();
        long samples = compared.stream().mapToLong(samplesByThread::get).sum();
        double load = compared.stream().mapToDouble(cpuLoadByThread::get).sum();
        List<ThreadShares> shares = new ArrayList<>();
        double gap = 0;
        if (samples > 0 && load > 0) {
            for (String t : compared) {
                ThreadShares s = new ThreadShares(
                        t,
                        samplesByThread.get(t),
                        100.0 * samplesByThread.get(t) / samples,
                        100 * cpuLoadByThread.get(t) / load);
                shares.add(s);
                if (samples >= MIN_SAMPLES) gap = Math.max(gap, Math.abs(s.samplesPercent() - s.cpuTimePercent()));
            }
        }
        shares.sort((a, b) -> a.samples() != b.samples()
                ? Long.compare(b.samples(), a.samples())
                : a.thread().compareTo(b.thread()));
        boolean contended = machine >= SATURATED_PERCENT && (other >= OTHER_PROCESSES_PERCENT || gap >= GAP_POINTS);
        return new CpuContention(
                contended ? Verdict.CONTENDED : Verdict.NOT_CONTENDED,
                machineTotal.length,
                machine,
                other,
                gap,
                shares.subList(0, Math.min(TOP_THREADS, shares.size())));
    }

    /**
     * What a table or report says: the bias and by what when contended, that nothing can be said when the
     * recording has no load events, and nothing when the CPU was not contended.
     */
    public String note() {
        return switch (verdict) {
            case NOT_CONTENDED -> "";
            case UNKNOWN -> "contention unknown: the recording has no jdk.CPULoad events";
            case CONTENDED ->
                String.format(
                                Locale.ROOT,
                                "CPU contended: shares from JFR execution samples are biased towards threads that were runnable "
                                        + "but not running (machine CPU median %.0f %% over %d jdk.CPULoad events, other "
                                        + "processes %.0f %%)",
                                machineCpuMedianPercent,
                                cpuLoadEvents,
                                otherProcessesMedianPercent)
                        + (threads.isEmpty()
                                ? "; no jdk.ThreadCPULoad events to compare threads"
                                : threads.stream()
                                        .map(t -> String.format(
                                                Locale.ROOT,
                                                "%s %.0f %% of samples, %.0f %% of CPU time",
                                                t.thread(),
                                                t.samplesPercent(),
                                                t.cpuTimePercent()))
                                        .collect(Collectors.joining("; ", "; ", "")))
                        + "; for exact CPU shares record with async-profiler's cpu event or JDK 25's jdk.CPUTimeSample";
        };
    }
}
