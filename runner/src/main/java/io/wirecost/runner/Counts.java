package io.wirecost.runner;

import java.util.List;

/**
 * The counts a scenario actually used: the papers' (or the command line's), or sized at the scenario's own pace by
 * {@code --quick} or the adaptive method. Written to results.json ({@code facts.counts}).
 *
 * @param warmupCalls warm-up calls per data type, the probe included
 * @param invocations invocations per measurement batch
 * @param sizeCalls   calls per data type the message-size pass made (0 where it was skipped)
 * @param reps        measurement batches per data type (the smallest and largest are dropped)
 * @param method      paper, adaptive or quick
 * @param settled     adaptive: whether the warm-up ended because the pace settled (false: it hit its bound)
 * @param warmupPacesMicros adaptive: the pace of each warm-up chunk, µs per call, the rule's input
 * @param warmupChunkMillis adaptive: the length of a warm-up chunk (null otherwise)
 */
public record Counts(
        int warmupCalls,
        int invocations,
        int sizeCalls,
        int reps,
        RunMethod method,
        Boolean settled,
        List<Double> warmupPacesMicros,
        Long warmupChunkMillis) {

    /** The settings' counts, as asked. */
    static Counts fixed(RunSettings s) {
        return fixed(s, s.sizeCalls());
    }

    /** The settings' counts with the size calls made. */
    static Counts fixed(RunSettings s, int sizeCallsMade) {
        return new Counts(s.warmupCalls(), s.invocations(), sizeCallsMade, s.reps(), s.method(), null, List.of(), null);
    }
}
