package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Joins samples with the requests the agent recorded beside them ({@link RequestLog}): a sample taken on a
 * request's thread within its interval is that request's endpoint's, classified into a category by the
 * same rules as every other count. Samples outside every request (background threads, work a request
 * handed to another thread, the server between requests) are "not attributed to an endpoint": counted and
 * reported as such, never given to an endpoint. The join needs sample times in the clock the requests were
 * timed in ({@link ChunkView#ticksPerSecond} of 10^9: the monotonic nanosecond clock).
 */
public final class EndpointSink implements SampleSink {

    private final RequestLog log;
    private final StackClassifier classifier;
    private final int categories;
    /** Per endpoint id (-1: not attributed), by category. */
    private final Map<Integer, Tally> tallies = new TreeMap<>();

    private final Map<Integer, Long> javaThreads = new HashMap<>();
    private final List<long[]> ranges = new ArrayList<>();
    private ChunkView chunk;
    private long intervalNanos = -1;
    private String event;
    /** Whether this chunk's sampling settings were taken, at its first sample. */
    private boolean settingsRead;

    private String clockProblem;

    public EndpointSink(RequestLog log, RuleSet rules) {
        this.log = log;
        this.classifier = StackClassifier.classifyOnly(rules);
        this.categories = rules.categories().size();
    }

    @Override
    public void beginChunk(ChunkView chunk) {
        this.chunk = chunk;
        classifier.beginChunk(chunk);
        javaThreads.clear();
        settingsRead = false;
        if (chunk.ticksPerSecond() != 1_000_000_000L) {
            clockProblem = "the recording's clock ticks " + chunk.ticksPerSecond()
                    + " times a second, not the monotonic nanoseconds requests are timed in"
                    + " (async-profiler needs clock=monotonic, which the agent sets with endpoints=on)";
        }
        long[] range = chunk.tickRange();
        if (range != null) ranges.add(range);
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
        if (!settingsRead) {
            // async-profiler states its settings as events of the chunk: known by its first sample, not at its start
            settingsRead = true;
            if (intervalNanos < 0) intervalNanos = chunk.sampleIntervalNanos();
            if (event == null) event = chunk.sampleEvent();
        }
        long javaThread = javaThreads.computeIfAbsent(threadId, chunk::javaThreadId);
        int endpoint = javaThread < 0 ? -1 : log.endpointAt(javaThread, ticks);
        int category = classifier.classify(stackTraceId, threadId);
        Tally t = tallies.get(endpoint);
        if (t == null) tallies.put(endpoint, t = new Tally(categories));
        t.weights[category] += weight;
        t.events[category]++;
        t.squares[category] += (double) weight * weight;
    }

    /**
     * One endpoint's weights by category (samples of CPU, or bytes allocated), with the events that carried them and
     * the sum of their squares: an allocation sample stands for as many bytes as it says, so the spread of a sum of
     * such weights is not a count's.
     */
    public record Tally(long[] weights, long[] events, double[] squares) {
        Tally(int categories) {
            this(new long[categories], new long[categories], new double[categories]);
        }
    }

    /** Requests are timed in the monotonic clock: the join compares sample ticks with their boundaries as they are. */
    @Override
    public boolean needsRecordedClock() {
        return true;
    }

    /**
     * Weights per endpoint id (-1: not attributed to an endpoint) and category index: in CPU mode the samples, in
     * allocation mode the bytes the samples stand for.
     */
    public Map<Integer, long[]> samples() {
        Map<Integer, long[]> out = new TreeMap<>();
        tallies.forEach((id, t) -> out.put(id, t.weights()));
        return out;
    }

    /** Per endpoint id (-1: not attributed to an endpoint). */
    public Map<Integer, Tally> tallies() {
        return tallies;
    }

    /** Requests per endpoint id that ended while the recording's chunks ran. */
    public Map<Integer, Long> requests() {
        Map<Integer, Long> out = new TreeMap<>();
        for (long[] r : ranges) log.requestsEnding(r[0], r[1]).forEach((id, n) -> out.merge(id, n, Long::sum));
        return out;
    }

    /** async-profiler's sampling interval, -1 when the recording does not say. */
    public long intervalNanos() {
        if (intervalNanos < 0 && chunk != null) intervalNanos = chunk.sampleIntervalNanos();
        return intervalNanos;
    }

    /** async-profiler's sampling event as the recording names it (cpu, itimer, ctimer), null when it does not say. */
    public String event() {
        if (event == null && chunk != null) event = chunk.sampleEvent();
        return event;
    }

    /**
     * Why the endpoints' figures lean, or null: itimer and ctimer are CPU-time timers, which Linux checks only at its
     * scheduler tick and signals to the thread then on the CPU, so a sample can go to another thread than the one that
     * used the CPU, or to a later stretch of the same thread; stretches that run long without blocking gain samples from
     * short ones (docs/cost-per-request.md). Perf events ({@code cpu}) fire on the thread that used the CPU.
     */
    public String samplerBias() {
        String sampled = event();
        if (!"itimer".equals(sampled) && !"ctimer".equals(sampled)) return null;
        return "sampled with " + sampled
                + ", which the kernel signals at its scheduler tick: endpoints whose requests run"
                + " long on the CPU read a few percent high, short stretches low; record with event=cpu where the"
                + " kernel allows perf events";
    }

    /** Why samples and requests cannot be joined, or null. */
    public String clockProblem() {
        return clockProblem;
    }

    public RequestLog log() {
        return log;
    }
}
