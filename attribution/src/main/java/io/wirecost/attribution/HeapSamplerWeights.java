package io.wirecost.attribution;

/**
 * Unbiased weights for async-profiler's allocation samples. On JDK 11 and later async-profiler samples allocations
 * through the JVM's heap sampler (JVMTI {@code SampledObjectAlloc} at {@code SetHeapSamplingInterval(I)}), whose
 * sample points fall at geometric distances of mean I: an object of S bytes is sampled with probability
 * 1 - e^(-S/I). It writes each sample as {@code jdk.ObjectAllocationInNewTLAB} with {@code allocationSize} S and
 * {@code tlabSize} max(S, I), the weight its converter sums, whose expectation max(S, I)(1 - e^(-S/I)) falls short
 * of S for objects near the interval (0.63 S at S = I). The weight whose expectation is S is S / (1 - e^(-S/I)), the
 * inverse of the probability of being sampled. No maintained reader weighs them so (async-profiler's converter and
 * JMC sum {@code tlabSize}), hence this class; every reader that counts the TLAB events of one chunk calls it.
 *
 * <p>The interval comes from the chunk's own samples: each sample of an object smaller than I carries I as its
 * {@code tlabSize}. A chunk whose samples do not all fit max(S, I) for one I keeps the weights as written: a JDK's own
 * TLAB events, or async-profiler's on JDK 10 and older, name real TLABs of many sizes. So does a chunk where no sample
 * is smaller than the interval, which then says nothing of I.
 */
final class HeapSamplerWeights {

    private HeapSamplerWeights() {}

    /**
     * The heap sampler's interval that every one of the {@code n} samples fits ({@code tlabs[i] == max(sizes[i], I)}),
     * or 0 where none does.
     */
    static long interval(long[] sizes, long[] tlabs, int n) {
        long interval = 0;
        for (int i = 0; i < n; i++) {
            if (tlabs[i] <= sizes[i]) continue;
            if (interval == 0) interval = tlabs[i];
            else if (tlabs[i] != interval) return 0;
        }
        if (interval == 0) return 0;
        for (int i = 0; i < n; i++) {
            if (sizes[i] <= 0 || tlabs[i] != Math.max(sizes[i], interval)) return 0;
        }
        return interval;
    }

    /**
     * The bytes one sample of an object of {@code size} bytes stands for: {@code size / (1 - e^(-size/interval))}
     * where the interval is known, else as written ({@code tlab}, or {@code size} where there is no TLAB).
     */
    static long weight(long size, long tlab, long interval) {
        if (interval <= 0 || size <= 0) return tlab != 0 ? tlab : size;
        return Math.round(size / -Math.expm1(-(double) size / interval));
    }
}
