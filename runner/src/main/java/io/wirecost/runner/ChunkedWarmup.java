package io.wirecost.runner;

import io.wirecost.scenarios.harness.Protocol;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The warm-up's loop: calls in chunks sized by the pace of the chunk before, each chunk's pace and the JIT's share
 * of the last chunks recorded, until a bound or a {@link StopRule} ends it. {@link WarmupPass}'s policies differ only
 * in their chunk, their bounds and their rule, so the loop serves them all, and a rule can be read apart from how the
 * chunks are called and timed.
 */
final class ChunkedWarmup {

    /** When a warm-up ends: on its calls per type, the chunks' paces (µs) and the JIT's share of the last chunks (%, NaN: unknown). */
    @FunctionalInterface
    interface StopRule {
        boolean stop(int calls, List<Double> pacesMicros, double compilePercent);
    }

    /**
     * A warm-up's chunks: calls per type, the last chunk's pace, every chunk's pace (µs), whether {@code stop}
     * ended it, and the JIT's CPU over its last {@value Settle#WINDOW} chunks as a percentage of their time
     * (NaN where not measured).
     */
    record Chunks(
            int calls,
            double perCallNanos,
            List<Double> pacesMicros,
            boolean stopped,
            double compilePercent,
            List<Double> compilePercents) {}

    private final ScenarioContext ctx;
    private final long ops;

    ChunkedWarmup(ScenarioContext ctx) {
        this.ctx = ctx;
        this.ops = ctx.ops();
    }

    /**
     * Warm-up calls in chunks of about {@code chunkNanos} at the pace of the chunk before, until
     * {@code maxCalls} per type, {@code maxTime}, or {@code stop} says so on the calls and the chunks' paces so
     * far; {@code compileNanos}, when not null, is read at every chunk's end for {@link Chunks#compilePercent}.
     */
    Chunks run(
            int done,
            double perCallNanos,
            double chunkNanos,
            int maxCalls,
            Duration maxTime,
            StopRule stop,
            LongSupplier compileNanos)
            throws ChildJvm.ChildFailure {
        long start = System.nanoTime();
        List<Double> paces = new ArrayList<>();
        List<Long> wall = new ArrayList<>();
        List<Long> compiled = new ArrayList<>();
        List<Double> compilePercents = new ArrayList<>();
        int jitWindow = Settle.compileWindow(chunkNanos / 1e9);
        if (compileNanos != null) compiled.add(compileNanos.getAsLong());
        boolean stopped = false;
        double compiling = Double.NaN; // the JIT's share as of the last chunk
        while (done < maxCalls && System.nanoTime() - start < maxTime.toNanos()) {
            int chunk = (int) Math.max(1, Math.min(maxCalls - done, chunkNanos / perCallNanos / ops));
            long t = System.nanoTime();
            ctx.client().call(new Protocol.Warmup(chunk), ctx.timeoutFor(chunk * ops));
            long took = System.nanoTime() - t;
            if (compileNanos != null) compiled.add(compileNanos.getAsLong());
            wall.add(took);
            perCallNanos = (double) took / (chunk * ops);
            paces.add(perCallNanos / 1e3);
            done += chunk;
            compiling = compileNanos == null ? Double.NaN : Settle.compilePercent(wall, compiled, jitWindow);
            if (!Double.isNaN(compiling)) compilePercents.add(Math.round(compiling * 10) / 10.0);
            if (stop.stop(done, paces, compiling)) {
                stopped = true;
                break;
            }
        }
        return new Chunks(done, perCallNanos, List.copyOf(paces), stopped, compiling, List.copyOf(compilePercents));
    }
}
