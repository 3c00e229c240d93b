package io.wirecost.runner;

import java.util.List;

/**
 * One measured pass: round trips and CPU per call by operation.
 *
 * @param rtt               per operation, then the primitives' geometric mean where all eight types were measured
 * @param cpu               CPU per call by operation and role
 * @param waitMicrosPerCall run-queue wait of both JVMs per call: the contention the pass met (NaN: unknown)
 * @param rttNanosPerCall   the pass's mean round trip over every batch and type (NaN: none measured)
 * @param batches           batches per type
 * @param invocations       calls per batch
 */
record PassResult(
        List<RttStatistics> rtt,
        List<CpuStatistics> cpu,
        double waitMicrosPerCall,
        double rttNanosPerCall,
        int batches,
        int invocations) {

    PassResult {
        rtt = List.copyOf(rtt);
        cpu = List.copyOf(cpu);
    }
}
