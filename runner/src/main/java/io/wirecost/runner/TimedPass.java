package io.wirecost.runner;

import java.util.List;

/**
 * The timed pass, without the profiler as the papers timed: perf-event sampling alone slows an RMI ping-pong
 * measurably ({@code bench overhead}, docs/RESULTS.md), through its cost on every context switch. Then, except with --quick, the first
 * type measured again ({@link Drift}), whose move widens the scenario's intervals.
 */
final class TimedPass {

    /** Batches measured again after the timed pass to see whether the figure moved while it was measured. */
    static final int DRIFT_BATCHES = 5;

    /** Classes each JVM loaded during the timed pass (results.json's {@code facts.timed_pass_classes_loaded}). */

    /**
     * @param pass          the pass as measured
     * @param rtt           its round trips, intervals widened by the drift where it was measured
     * @param cpu           its CPU per call, the same
     * @param classesLoaded null with --quick
     * @param noise         the machine's noise over the pass ({@link MachineNoise}) and the run-queue wait it met
     * @param drift         null with --quick and where CPU time is unreadable
     * @param driftFailure  a JVM's failure while the first type was measured again (the pass's figures stand), or
     *                      null
     */
    record Result(
            PassResult pass,
            List<RttStatistics> rtt,
            List<CpuStatistics> cpu,
            ClassesLoaded classesLoaded,
            Noise noise,
            Drift drift,
            ChildJvm.ChildFailure driftFailure) {}

    private TimedPass() {}

    /**
     * The calls one timing of the pass made: every type's batches, and the first type's again where its drift was
     * measured. What a timing the host's speed made {@link HostSpeedWatch} discard still cost the scenario.
     */
    static long calls(ScenarioContext ctx, Counts counts, Result timed) {
        long passCalls = (long) ctx.labels().size() * counts.reps() * counts.invocations();
        return passCalls + (timed.drift() == null ? 0 : (long) DRIFT_BATCHES * counts.invocations());
    }

    static Result run(ScenarioContext ctx, BatchMeter meter, Counts counts) throws ChildJvm.ChildFailure {
        boolean quick = ctx.settings().quick();
        long[] classesBefore = quick ? null : ctx.classesLoaded();
        MachineNoise.Snapshot before = MachineNoise.read();
        // the memory probe only where the drift is measured: it is what the probe's figure is read beside
        try (MemoryPace memory = quick ? null : MemoryPace.start()) {
            long timedFrom = System.nanoTime();
            PassResult timed = meter.summarize(meter.measure(counts.reps(), counts.invocations(), null));
            ClassesLoaded loaded = null;
            if (classesBefore != null) {
                // none, since the probe runs the timed pass's own commands: a class loaded here may have thrown away
                // compiled code the warm-up made, and the first type is then measured on code compiling again
                long[] classesAfter = ctx.classesLoaded();
                loaded = new ClassesLoaded(classesAfter[0] - classesBefore[0], classesAfter[1] - classesBefore[1]);
            }
            Noise noise = MachineNoise.between(before, MachineNoise.read());
            // the contention the timed pass met: what a diff checks both sides had alike (Gate)
            if (!Double.isNaN(timed.waitMicrosPerCall())) noise = noise.withRunqueueWait(timed.waitMicrosPerCall());
            // not with --quick, counts given or not: its time budget already says where it cut the warm-up, its gate
            // decides from repetitions, and its calls stay the ones asked for
            Drift drift;
            try {
                drift = quick ? null : drift(ctx, meter, timed, counts.invocations(), memory, timedFrom);
            } catch (ChildJvm.ChildFailure e) {
                return new Result(timed, timed.rtt(), timed.cpu(), loaded, noise, null, e);
            }
            if (drift == null) return new Result(timed, timed.rtt(), timed.cpu(), loaded, noise, null, null);
            // the re-measurement is the scenario's second part: the move between the parts widens every interval of
            // the scenario (PartSpread), so that they hold the next run's figure
            return new Result(
                    timed,
                    PartSpread.rtt(timed.rtt(), drift.intervalPartSpreadRtt()),
                    PartSpread.cpu(timed.cpu(), drift.intervalPartSpreadCpu()),
                    loaded,
                    noise,
                    drift,
                    null);
        }
    }

    /**
     * The timed pass's first type measured again right after it ({@value #DRIFT_BATCHES} batches of the same size),
     * CPU per call of both JVMs. The types are measured one after the other, as the papers did, so a JIT still at
     * work when the warm-up ended makes the later types come out cheaper than the first, and without this nothing
     * said so (docs/RESULTS.md). Null where CPU time is unreadable.
     */
    private static Drift drift(
            ScenarioContext ctx, BatchMeter meter, PassResult timed, int n, MemoryPace memory, long timedFrom)
            throws ChildJvm.ChildFailure {
        String op = ctx.labels().get(0);
        CpuStatistics first = allRoles(timed.cpu(), op);
        if (first == null) return null;
        Batches again = meter.measure(DRIFT_BATCHES, n, null, List.of(op));
        CpuStatistics last = allRoles(
                CpuPass.of(
                        op,
                        again.clientCpu().get(op),
                        again.serverCpu().get(op),
                        again.proxyCpu().get(op),
                        n),
                op);
        if (last == null) return null;
        Estimate ratio = last.perCallMicros().ratio(first.perCallMicros());
        RttStatistics rttTimed = timed.rtt().stream()
                .filter(r -> r.operation().equals(op))
                .findFirst()
                .orElse(null);
        Double rttAgain = rttTimed == null
                ? null
                : RttStatistics.of(op, again.nanos().get(op), n).meanMicros();
        double cpuMove = PartSpread.move(first.meanMicros(), last.meanMicros());
        double rttMove = rttTimed == null ? 0 : PartSpread.move(rttTimed.meanMicros(), rttAgain);
        Estimate pace = memory == null ? null : memory.drift(timedFrom, System.nanoTime());
        return new Drift(
                op,
                first.meanMicros(),
                last.meanMicros(),
                ratio.value(),
                ratio.low(),
                ratio.high(),
                DRIFT_BATCHES,
                n,
                rttTimed == null ? null : rttTimed.meanMicros(),
                rttAgain,
                rttMove,
                cpuMove,
                pace == null ? null : pace.value(),
                pace == null ? null : pace.low(),
                pace == null ? null : pace.high());
    }

    private static CpuStatistics allRoles(List<CpuStatistics> cpu, String op) {
        return cpu.stream()
                .filter(c -> c.operation().equals(op) && c.role().equals("all"))
                .findFirst()
                .orElse(null);
    }
}
