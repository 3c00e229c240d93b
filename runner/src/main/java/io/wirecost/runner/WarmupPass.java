package io.wirecost.runner;

import io.wirecost.scenarios.harness.Protocol;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The warm-up after the probe and the size pass, one policy per {@link RunMethod}: the papers' fixed count, the
 * adaptive method's "until the pace settles", --quick's time budget. Each sizes the timed pass's batches
 * ({@link Counts}) and decides where the JIT compiles during the passes.
 */
final class WarmupPass {

    /**
     * --quick: warm-up per scenario, at most the counts asked for, which the fast stacks keep whole. Short, since
     * the JIT compiles on the other CPU meanwhile and so the slow stacks still warm up with hundreds of calls.
     */
    static final Duration QUICK_WARMUP = Duration.ofSeconds(5);
    /**
     * --quick: the fewest invocations per batch. Only ws-security's calls are slow enough to reach it, and a batch
     * of 3 such calls still lasts far longer than the harness's work between batches.
     */
    static final int QUICK_MIN_INVOCATIONS = 3;
    /**
     * --quick: the most invocations per batch when they are sized by time, the papers' count. Batches of a
     * fixed 100 calls (the first --quick) made CPU per call markedly higher and more variable between
     * repetitions on rmi: each batch boundary costs both JVMs some harness work (the runner's command, the
     * /proc reading) that short batches cannot dilute, and a fast call pays it on every 100th call
     * (docs/measurement.md, "--quick"). Sized by time, the fast stacks get the full 1,000 within the pass's budget
     * and ws-security still gets a handful.
     */
    static final int QUICK_MAX_INVOCATIONS = 1_000;
    /** --quick: time for one timed pass (12 batches x 8 types) and for the message-size pass. */
    static final Duration QUICK_PASS = Duration.ofSeconds(3);

    /** Adaptive: the shortest warm-up, a call's worth of the papers' at most, before the settle rule may end it. */
    static final Duration ADAPTIVE_MIN_WARMUP = Duration.ofSeconds(3);
    /** Adaptive: the longest warm-up, whether or not the pace settled (results.json says which). */
    static final Duration ADAPTIVE_MAX_WARMUP = Duration.ofSeconds(120);
    /** Adaptive: one warm-up chunk, the settle rule's unit: long enough that ws-security's 10-35 ms calls average out. */
    static final Duration ADAPTIVE_CHUNK = Duration.ofSeconds(1);
    /**
     * Adaptive: the chunk of scenarios whose cold probe ran faster than {@link #SHORT_CHUNK_BELOW} a call (all but
     * ws-security): half a second still holds thousands of their calls, and the rule's eight chunks then take half
     * as long, where the fastest stacks' paces stop moving within seconds. The rule's trend threshold is per second
     * ({@link Settle#settled(List, double)}), so a shorter chunk does not let a slower JIT trend through.
     */
    static final Duration ADAPTIVE_SHORT_CHUNK = Duration.ofMillis(500);
    /** Adaptive: cold probe paces below this get {@link #ADAPTIVE_SHORT_CHUNK} (only ws-security's are slower). */
    static final Duration SHORT_CHUNK_BELOW = Duration.ofMillis(20);
    /**
     * Adaptive: a bound in calls per type that only scenarios under a few µs a call reach; time
     * ({@link #ADAPTIVE_MAX_WARMUP}) is the real bound. A lower bound in calls ended the fastest stacks' warm-up
     * before the settle rule's chunks completed, and every default run flagged them unsettled while their pace
     * was still falling.
     */
    static final int ADAPTIVE_MAX_WARMUP_CALLS = 5_000_000;
    /** Adaptive: each measurement batch lasts about this long (at most the papers' 1,000 calls). */
    static final Duration ADAPTIVE_BATCH = Duration.ofMillis(250);

    /** The warm-up's outcome: the counts the passes use, and where the JIT compiled (null: on the calls' CPU). */
    record Result(Counts counts, WarmupCompiler compiler) {}

    private final ScenarioContext ctx;
    private final RunSettings settings;
    private final long ops;
    private final ChunkedWarmup chunks;

    private WarmupPass(ScenarioContext ctx) {
        this.ctx = ctx;
        this.settings = ctx.settings();
        this.ops = ctx.ops();
        this.chunks = new ChunkedWarmup(ctx);
    }

    /**
     * Warms the scenario up after the probe's calls ({@link ProbePass.Probe#calls}) and the size pass's
     * ({@code sizeCallsMade}) by its method's policy, then brings the JIT back to the calls' CPU unless --quick
     * cut the warm-up short. {@link Counts#warmupCalls} stays the warm-up's own calls (the probe's included, the
     * size pass's not), so that results.json's counts still add up to the calls made.
     */
    static Result run(ScenarioContext ctx, ProbePass.Probe probe, int sizeCallsMade) throws ChildJvm.ChildFailure {
        WarmupPass pass = new WarmupPass(ctx);
        Result r = switch (ctx.method()) {
            case QUICK -> pass.quick(probe, sizeCallsMade);
            case ADAPTIVE -> pass.adaptive(probe, sizeCallsMade);
            case PAPER -> pass.paper(probe, sizeCallsMade);
        };
        // the timed pass runs as before: every thread of both JVMs on the pinned CPU (a no-op where the compiler
        // threads never left it or came back during --quick's warm-up). Not where --quick cut the warm-up: it does
        // not wait for the JIT, which is then still busy on the web-service stacks; brought back, it took the
        // pinned CPU from the calls and stretched their timed pass several times over.
        // There it stays on the other CPU to the end (compiler threads are not counted in CPU per call either way).
        boolean quick = ctx.method() == RunMethod.QUICK;
        boolean jitStaysAway = quick
                && r.compiler() != null
                && r.counts().warmupCalls() < ctx.settings().warmupCalls();
        if (r.compiler() != null && quick)
            r = new Result(r.counts(), r.compiler().until(jitStaysAway ? "end" : "timed pass"));
        if (!jitStaysAway) ctx.compileOnPinnedCpu();
        return r;
    }

    /** The papers' 5,000 warm-up calls (the probe's among them) before the timed pass; the size pass's come on top. */
    private Result paper(ProbePass.Probe probe, int sizeCallsMade) throws ChildJvm.ChildFailure {
        int rest = settings.warmupCalls() - probe.calls();
        ctx.client().call(new Protocol.Warmup(rest), ctx.timeoutFor(rest * ops));
        return new Result(Counts.fixed(settings, sizeCallsMade), null);
    }

    /**
     * --quick: the warm-up in chunks of about half a second until its count or {@link #QUICK_WARMUP} is
     * reached (the size pass before it included), then invocations sized by the pace of the last chunk (as
     * JMH sizes iterations by time), at least {@link #QUICK_MIN_INVOCATIONS} per batch: ws-security gets batches of 3, tcp and rmi
     * the papers' 1,000. Every scenario then fits in well under a minute.
     */
    private Result quick(ProbePass.Probe probe, int sizeCallsMade) throws ChildJvm.ChildFailure {
        // the size pass's calls were the warm-up's first: its time counts against the warm-up's
        Duration left = QUICK_WARMUP.minusNanos(System.nanoTime() - probe.warmupStartNanos());
        Integer compilerCpu = ctx.launcher().warmupCompilerCpu();
        long deadline = System.nanoTime() + (left.isNegative() ? 0 : left.toNanos());
        // once the warm-up's full count is within reach (its remaining calls fit in its time at the last chunk's
        // pace: tcp, rmi, rmi-ssl, corba after a chunk or two), the JIT comes back to the calls' CPU for the rest of
        // it and for the passes, as before this rule: left on the other CPU until the timed pass, under two busy
        // loops (CpuPerCallUnderLoadIT in CI) it lagged there and rmi's CPU per call came out as high as rmi-ssl's
        // (never stops the warm-up; "until" in results.json records that the JIT came back)
        boolean[] jitBack = {false};
        ChunkedWarmup.StopRule bringJitBack = (calls, paces, compiling) -> {
            if (compilerCpu != null && !jitBack[0] && !paces.isEmpty()) {
                double restNanos = (settings.warmupCalls() - calls) * (double) ops * paces.get(paces.size() - 1) * 1e3;
                if (System.nanoTime() + restNanos <= deadline) {
                    ctx.compileOnPinnedCpu();
                    jitBack[0] = true;
                }
            }
            return false;
        };
        // the probe's own pace (cold, so slow: the first chunk is short), not the command limits' 5 ms floor
        ChunkedWarmup.Chunks w = chunks.run(
                probe.calls(),
                probe.nanosPerCall(),
                0.5e9,
                settings.warmupCalls(),
                left.isNegative() ? Duration.ZERO : left,
                bringJitBack,
                compilerCpu == null ? null : ctx::compileNanos);
        // where the JIT compiled, and how busy it still was when the timed pass began: --quick does not wait for it,
        // so a high last share says code was still being replaced during the passes
        WarmupCompiler compiler = compilerCpu == null ? null : compiler(compilerCpu, w);
        if (compiler != null && jitBack[0]) compiler = compiler.until("warm-up");
        int invocations = (int) Math.max(
                QUICK_MIN_INVOCATIONS,
                Math.min(QUICK_MAX_INVOCATIONS, QUICK_PASS.toNanos() / w.perCallNanos() / ops / settings.reps()));
        return new Result(
                new Counts(
                        w.calls(), invocations, sizeCallsMade, settings.reps(), RunMethod.QUICK, null, List.of(), null),
                compiler);
    }

    /**
     * The adaptive method (the default): warm-up in chunks of about a second until the pace per call
     * has settled ({@link Settle}), at least the papers' 5,000 calls per type where they fit in
     * {@link #ADAPTIVE_MIN_WARMUP} and at most {@link #ADAPTIVE_MAX_WARMUP}; then batches sized by time as JMH
     * sizes its iterations: {@link #ADAPTIVE_BATCH} each, at most the papers' 1,000 calls. Fast scenarios
     * (tcp to corba) get the papers' counts exactly; ws-security, whose calls are two orders of magnitude
     * slower, gets batches of a few dozen calls where the papers' 12 x 1,000 per type took most of a full
     * run, and makes up for the smaller batches with more of them ({@link Settle#batchesFor})
     * (docs/measurement.md, "The adaptive method").
     */
    private Result adaptive(ProbePass.Probe probe, int sizeCallsMade) throws ChildJvm.ChildFailure {
        double probeNanosPerCall = probe.nanosPerCall();
        int minimum = (int) Math.min(settings.warmupCalls(), ADAPTIVE_MIN_WARMUP.toNanos() / probeNanosPerCall / ops);
        Duration chunk = probeNanosPerCall < SHORT_CHUNK_BELOW.toNanos() ? ADAPTIVE_SHORT_CHUNK : ADAPTIVE_CHUNK;
        double chunkSeconds = chunk.toNanos() / 1e9;
        ChunkedWarmup.StopRule settle =
                (calls, paces, compiling) -> calls >= minimum && Settle.settled(paces, chunkSeconds);
        // with the JIT on the other CPU the paces show how good the compiled code is, not how busy the compiler
        // is: they must also find it quiet (or unreadable), or its work would land in the timed pass
        ChunkedWarmup.StopRule settleAndQuiet = (calls, paces, compiling) ->
                settle.stop(calls, paces, compiling) && !(compiling > Settle.QUIET_COMPILE_PERCENT);
        long start = System.nanoTime();
        Integer compilerCpu = ctx.launcher().warmupCompilerCpu();
        ChunkedWarmup.Chunks w = chunks.run(
                probe.calls(),
                probeNanosPerCall,
                chunk.toNanos(),
                ADAPTIVE_MAX_WARMUP_CALLS,
                ADAPTIVE_MAX_WARMUP,
                compilerCpu == null ? settle : settleAndQuiet,
                compilerCpu == null ? null : ctx::compileNanos);
        WarmupCompiler compiler = null;
        if (compilerCpu != null) {
            compiler = compiler(compilerCpu, w);
            if (w.stopped() && !(w.compilePercent() <= Settle.QUIET_COMPILE_PERCENT)) {
                // settled with the JIT's share unreadable: unknown is not quiet, so go on with the compiler back
                // on the calls' CPU, under the one-CPU rule, which sees the JIT's work in the pace
                ctx.compileOnPinnedCpu();
                Duration left = ADAPTIVE_MAX_WARMUP.minusNanos(System.nanoTime() - start);
                ChunkedWarmup.Chunks pinned = chunks.run(
                        w.calls(),
                        w.perCallNanos(),
                        chunk.toNanos(),
                        ADAPTIVE_MAX_WARMUP_CALLS,
                        left.isNegative() ? Duration.ZERO : left,
                        settle,
                        null);
                List<Double> paces = new ArrayList<>(w.pacesMicros());
                paces.addAll(pinned.pacesMicros());
                compiler = compiler.pinnedChunks(pinned.pacesMicros().size());
                w = new ChunkedWarmup.Chunks(
                        pinned.calls(),
                        pinned.pacesMicros().isEmpty() ? w.perCallNanos() : pinned.perCallNanos(),
                        List.copyOf(paces),
                        pinned.stopped(),
                        Double.NaN,
                        List.of());
            }
        }
        int invocations = (int) Math.max(5, Math.min(1_000, ADAPTIVE_BATCH.toNanos() / w.perCallNanos()));
        return new Result(
                new Counts(
                        w.calls(),
                        invocations,
                        sizeCallsMade,
                        Settle.batchesFor(invocations, settings.reps()),
                        RunMethod.ADAPTIVE,
                        w.stopped(),
                        w.pacesMicros(),
                        chunk.toMillis()),
                compiler);
    }

    private static WarmupCompiler compiler(int cpu, ChunkedWarmup.Chunks w) {
        return new WarmupCompiler(cpu, w.pacesMicros().size(), w.compilePercent(), w.compilePercents(), null, null);
    }
}
