package io.wirecost.runner;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * results.json's {@code facts.drift}: the timed pass's first type measured again right after it, against its figure
 * in the pass, and how far the move widened the scenario's intervals ({@link PartSpread}). What the report's noise
 * flags read.
 *
 * @param operation                 the type measured again
 * @param cpuMicrosPerCallTimed     its CPU per call of both JVMs in the timed pass, µs
 * @param cpuMicrosPerCallAgain     the same measured again, µs
 * @param ratio                     again over timed, with its 95 % interval {@code ciLow} to {@code ciHigh}
 * @param batches                   batches measured again
 * @param invocations               calls per batch
 * @param rttMicrosPerCallTimed     its round trip in the timed pass, µs (null where not measured)
 * @param rttMicrosPerCallAgain     the same measured again, µs (null where not measured)
 * @param intervalPartSpreadRtt     the relative move by which every round-trip interval was widened
 * @param intervalPartSpreadCpu     the relative move by which every CPU interval was widened
 * @param memoryPaceRatio           the runner's memory probe over the pass ({@link MemoryPace}), with its interval
 *                                  {@code memoryPaceCiLow} to {@code memoryPaceCiHigh} (null where not measured)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({ // as written before it was a record: Jackson would put the renamed components last
    "operation",
    "cpu_micros_per_call_timed",
    "cpu_micros_per_call_again",
    "ratio",
    "ci_low",
    "ci_high",
    "batches",
    "invocations",
    "rtt_micros_per_call_timed",
    "rtt_micros_per_call_again",
    "interval_part_spread_rtt",
    "interval_part_spread_cpu",
    "memory_pace_ratio",
    "memory_pace_ci_low",
    "memory_pace_ci_high"
})
public record Drift(
        String operation,
        @JsonProperty("cpu_micros_per_call_timed") double cpuMicrosPerCallTimed,
        @JsonProperty("cpu_micros_per_call_again") double cpuMicrosPerCallAgain,
        double ratio,
        @JsonProperty("ci_low") double ciLow,
        @JsonProperty("ci_high") double ciHigh,
        int batches,
        int invocations,
        @JsonProperty("rtt_micros_per_call_timed") Double rttMicrosPerCallTimed,
        @JsonProperty("rtt_micros_per_call_again") Double rttMicrosPerCallAgain,
        @JsonProperty("interval_part_spread_rtt") double intervalPartSpreadRtt,
        @JsonProperty("interval_part_spread_cpu") double intervalPartSpreadCpu,
        @JsonProperty("memory_pace_ratio") Double memoryPaceRatio,
        @JsonProperty("memory_pace_ci_low") Double memoryPaceCiLow,
        @JsonProperty("memory_pace_ci_high") Double memoryPaceCiHigh) {}
