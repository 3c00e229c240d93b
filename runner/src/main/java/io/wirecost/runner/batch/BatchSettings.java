package io.wirecost.runner.batch;

import java.util.List;

/**
 * What {@code wirecost batch} sweeps.
 *
 * @param delaysNanos     one-way delay of the proxy, per direction; 0 = direct connections
 * @param files           files per transaction, ascending
 * @param repsOverride    timed transactions per point, or 0 for the default ({@link #reps})
 * @param warmup          untimed transactions per variant before each latency's sweep
 * @param pings           echo round trips for measuring the latency the proxy adds
 */
public record BatchSettings(
        List<Long> delaysNanos, List<Integer> files, int repsOverride, int warmup, int pings, boolean quick) {

    public BatchSettings {
        delaysNanos = List.copyOf(delaysNanos);
        files = files.stream().sorted().distinct().toList();
        if (delaysNanos.isEmpty() || files.isEmpty()) throw new IllegalArgumentException("nothing to sweep");
    }

    /**
     * Timed transactions per point: the papers averaged 50-100; here 20 at low latency, and 3 from 5 ms
     * on, where the injected delay dominates and a chatty sweep of 1..20 files at 29 ms already takes a
     * minute per repetition. Quick runs: 5, so that a median shrugs off two slow transactions.
     */
    public int reps(long delayNanos) {
        if (repsOverride > 0) return repsOverride;
        if (quick) return 5;
        return delayNanos < 5_000_000 ? 20 : 3;
    }

    public int maxFiles() {
        return files.get(files.size() - 1);
    }
}
