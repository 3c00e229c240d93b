package io.wirecost.runner;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The machine's noise over a timed pass (results.json's {@code facts.noise}): CPU steal and busy time of all CPUs,
 * the 1-minute load at its start and end, and the run-queue wait its calls met. Each is null where it could not be
 * read (no /proc, no thread CPU clock) and is then left out of the file.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Noise(
        @JsonProperty("steal_percent") Double stealPercent,
        @JsonProperty("busy_percent") Double busyPercent,
        @JsonProperty("load_1m_start") Double load1mStart,
        @JsonProperty("load_1m_end") Double load1mEnd,
        @JsonProperty("runqueue_wait_micros_per_call") Double runqueueWaitMicrosPerCall) {

    /** Nothing could be read. */
    public static final Noise UNKNOWN = new Noise(null, null, null, null, null);

    /** The same, with the run-queue wait the pass's calls met. */
    Noise withRunqueueWait(double micros) {
        return new Noise(stealPercent, busyPercent, load1mStart, load1mEnd, micros);
    }
}
