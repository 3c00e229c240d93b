package io.wirecost.runner;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * results.json's {@code facts.warmup_compiler} (adaptive and --quick, compiling on another CPU): the CPU the JIT
 * compiled on, the warm-up's chunks, its share of the last chunks' time and of each chunk, the chunks warmed up
 * with the JIT back on the calls' CPU (adaptive, where its share was unreadable), and (--quick) until when it stayed
 * away: the {@code warm-up}, the {@code timed pass} or the {@code end}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"cpu", "chunks", "compile_percent_last_chunks", "compile_percents", "pinned_chunks", "until"})
public record WarmupCompiler(
        int cpu,
        int chunks,
        @JsonProperty("compile_percent_last_chunks") double compilePercentLastChunks,
        @JsonProperty("compile_percents") List<Double> compilePercents,
        @JsonProperty("pinned_chunks") Integer pinnedChunks,
        String until) {

    public WarmupCompiler {
        compilePercents = List.copyOf(compilePercents);
    }

    /** The same, with {@code until} set unless it already was. */
    WarmupCompiler until(String when) {
        return until != null
                ? this
                : new WarmupCompiler(cpu, chunks, compilePercentLastChunks, compilePercents, pinnedChunks, when);
    }

    /** The same, with the chunks warmed up on the calls' CPU. */
    WarmupCompiler pinnedChunks(int n) {
        return new WarmupCompiler(cpu, chunks, compilePercentLastChunks, compilePercents, n, until);
    }
}
