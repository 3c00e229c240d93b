package io.wirecost.runner;

import io.wirecost.scenarios.harness.Protocol;
import java.time.Duration;
import java.util.List;

/** The warm-up's first slice: a few calls of every type that measure the scenario's pace, which later limits scale with. */
final class ProbePass {

    /**
     * Replies of each kind the probe gets at least (its calls cut into that many batches over the types): the JDK
     * makes a reflective method fast by generating a class for it at its 16th invocation (inflation, threshold 15),
     * and the JSON replies are read from their records by reflection, so with one batch per type (8 replies) both
     * JVMs still loaded 15 to 18 classes (jdk.internal.reflect's generator, GeneratedMethodAccessorN) in the timed
     * pass.
     */
    static final int PROBE_REPLIES = 16;

    /**
     * @param calls            calls per type the probe made (the warm-up's first)
     * @param nanosPerCall     its time per call, cold
     * @param warmupStartNanos when the warm-up began for --quick's time budget: at the probe, whose calls count
     *                         against it, for --quick; after it otherwise
     */
    record Probe(int calls, double nanosPerCall, long warmupStartNanos) {

        /** Time allowed per call in command limits from here on: 5 ms, or 3 x the probed pace. */
        Duration pace() {
            return Duration.ofNanos(Math.max(ScenarioContext.DEFAULT_PACE.toNanos(), (long) (3 * nanosPerCall)));
        }
    }

    private ProbePass() {}

    static Probe run(ScenarioContext ctx) throws ChildJvm.ChildFailure {
        int calls = ctx.method().probeCalls(ctx.settings());
        long ops = ctx.ops();
        long t = System.nanoTime();
        double nanosPerCall;
        if (ctx.settings().quick()) {
            // as the gate's error rates were measured: its warm-up is cut where the JIT is still busy anyway
            ctx.client()
                    .call(new Protocol.Warmup(calls), ScenarioContext.timeoutFor(calls * ops, Duration.ofSeconds(1)));
            nanosPerCall = (double) (System.nanoTime() - t) / Math.max(1, calls * ops);
        } else {
            nanosPerCall = measured(ctx, calls) / Math.max(1, calls * ops);
        }
        return new Probe(calls, nanosPerCall, ctx.method() == RunMethod.QUICK ? t : System.nanoTime());
    }

    /**
     * The probe: {@code calls} calls of every type in batches of the timed pass's own commands (the client's
     * measure, the server's CPU reading before and after each), {@link #PROBE_REPLIES} replies of each kind at
     * least; returns the calls' own time, ns.
     *
     * <p>Why not a warm-up command: the first timed batch used to load what only the measuring code needs (the
     * /proc reader, java.lang.management, the JSON types of a measurement's answer) in both JVMs, and loading
     * classes can invalidate compiled code that relied on the classes loaded so far (HotSpot's class hierarchy
     * dependencies). With -XX:+PrintCompilation, ws-literal's client made dozens of compiled methods of its call path
     * not entrant just after the first timed batch (HttpURLConnection, ReentrantLock, Woodstox), so the first type
     * was measured on code compiling again (docs/measurement.md, "The adaptive method"). Run once here, that happens before the warm-up, which
     * then compiles the call path with the measuring code loaded. Not with --quick, whose gate error rates were
     * measured with a warm-up command as its probe.
     */
    private static double measured(ScenarioContext ctx, int calls) throws ChildJvm.ChildFailure {
        if (calls == 0) return 0;
        // its own loop rather than the timed pass's: the probe's calls must add up to exactly `calls` per type (the
        // counts in results.json), so its batches differ in size, and a failure here must surface as the child's
        // error, not as a summary of too few batches for statistics
        List<String> ops = ctx.labels();
        int batches = (PROBE_REPLIES + ops.size() - 1) / ops.size();
        long nanos = 0;
        ctx.serverCpuNanos();
        for (String op : ops) {
            for (int b = 0; b < batches; b++) {
                int n = (int) ((long) calls * (b + 1) / batches - (long) calls * b / batches);
                Protocol.Measured m = ctx.client()
                        .call(new Protocol.Measure(1, n, op), ScenarioContext.timeoutFor(n, Duration.ofSeconds(1)));
                nanos += m.batchNanos().get(op)[0];
                ctx.serverCpuNanos();
            }
        }
        ctx.classesLoaded(); // its own code too
        return nanos;
    }
}
