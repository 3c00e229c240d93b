package io.wirecost.runner;

import io.wirecost.scenarios.harness.Protocol;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The profiled pass: the same calls again with the profiler recording both JVMs. Its round trips are reported beside
 * the timed pass's; its CPU includes the profiler's, so it is not.
 */
record ProfiledPass(ScenarioContext ctx, BatchMeter meter, Counts counts) {

    /**
     * The shortest profiled batch: calls between two batches cost the harness a few milliseconds (a command to
     * each JVM, their CPU readings), which a batch of this length keeps to about a tenth.
     */
    static final Duration PROFILED_MIN_BATCH = Duration.ofMillis(50);

    /**
     * @param profilers  the profiler each role ran, as the agent names it
     * @param pass       the pass's round trips
     * @param recordings by role: the recordings written
     */
    record Result(Map<String, String> profilers, PassResult pass, Map<String, Path> recordings) {}

    /** Records {@code server} and {@code client}, the JVMs' recordings, over the pass. */
    static Result run(ScenarioContext ctx, BatchMeter meter, Counts counts, PassResult timed, Path server, Path client)
            throws ChildJvm.ChildFailure {
        Map<String, String> profilers = new LinkedHashMap<>();
        profilers.put("server", start(ctx.server(), server));
        profilers.put("client", start(ctx.client(), client));
        ctx.say("profiling the same calls again");
        ProfiledPass p = new ProfiledPass(ctx, meter, counts);
        PassResult profiled = switch (ctx.method()) {
            case PAPER -> meter.summarize(meter.measure(counts.reps(), counts.invocations(), null));
            // sized by samples; --quick's never longer than its timed pass, the adaptive one's at most
            // five times as long (the fast calls need that many for their budget)
            case QUICK -> p.sized(timed, counts.reps(), Settle.QUICK_SAMPLE_BUDGET);
            case ADAPTIVE -> p.sized(timed, Settle.profiledCap(counts.reps()), Settle.SAMPLE_BUDGET);
        };
        ctx.server().call(new Protocol.ProfileStop(), ScenarioContext.COMMAND);
        ctx.client().call(new Protocol.ProfileStop(), ScenarioContext.COMMAND);
        Map<String, Path> recordings = new LinkedHashMap<>();
        recordings.put("server", server);
        recordings.put("client", client);
        return new Result(profilers, profiled, recordings);
    }

    private static String start(ChildJvm jvm, Path recording) throws ChildJvm.ChildFailure {
        return jvm.call(new Protocol.ProfileStart(recording.toAbsolutePath().toString()), ScenarioContext.COMMAND)
                .profiler();
    }

    /**
     * The profiled pass sized by samples (adaptive and --quick): {@value Settle#PROFILED_PROBE_BATCHES} batches of
     * every type first, of as many calls as the timed pass's CPU per call says reach the sample budget
     * ({@code budget} per role; {@link Settle#profiledInvocations}), then as many more as bring each role to the
     * budget at the rate its profiler counted so far ({@link Settle#profiledBatchesFromSamples}), counted again after
     * each step; where a profiler does not count (JFR), one step estimated from those batches' CPU per call
     * ({@link Settle#profiledBatches}). {@code capAtTimedSize}: the most batches per type, in the timed pass's
     * batches, converted to calls. With every batch as long as the timed pass's, the slow stacks' three probe
     * batches per type took many times what reaches the budget.
     */
    private PassResult sized(PassResult timed, int capAtTimedSize, int budget) throws ChildJvm.ChildFailure {
        long ops = ctx.ops();
        long intervalNs = ctx.profiler().intervalNs();
        int timedN = counts.invocations();
        int minCalls = Double.isNaN(timed.rttNanosPerCall())
                ? timedN
                : (int) Math.ceil(PROFILED_MIN_BATCH.toNanos() / timed.rttNanosPerCall());
        int n = Settle.profiledInvocations(timed.cpu(), intervalNs, budget, timedN, (int) ops, minCalls);
        int cap = (int) Math.ceil((double) capAtTimedSize * timedN / n);
        int fallback = Math.min(cap, (int) Math.ceil((double) counts.reps() * timedN / n)); // the timed pass's calls
        int done = Math.min(Settle.PROFILED_PROBE_BATCHES, cap);
        Batches all = meter.measure(done, n, null);
        // the rate can drift (the profiler's start-up costs the first batches most): check again after each step
        while (done < cap) {
            long[] samples = {
                ctx.client()
                        .call(new Protocol.Samples(), ScenarioContext.COMMAND)
                        .samples(),
                ctx.server()
                        .call(new Protocol.Samples(), ScenarioContext.COMMAND)
                        .samples()
            };
            int wanted = Settle.profiledBatchesFromSamples(samples, budget, done, fallback, cap);
            boolean counted = wanted >= 0;
            if (!counted)
                wanted = Settle.profiledBatches(
                        meter.summarize(all).cpu(), intervalNs, budget, n, (int) ops, fallback, cap);
            if (wanted <= done) break;
            all = all.then(meter.measure(wanted - done, n, all));
            done = wanted;
            if (!counted) break;
        }
        return meter.summarize(all);
    }
}
