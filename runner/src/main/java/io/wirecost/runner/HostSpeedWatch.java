package io.wirecost.runner;

import java.util.ArrayList;
import java.util.List;

/**
 * The timed pass between two probes of the host's speed ({@link HostSpeedProbe}), timed again where they moved
 * ({@link HostSpeed#timeAgain}): a pass that straddled a change of the host's speed, or was timed at another speed than
 * the run's other scenarios, is measured once more in the same JVMs, and the timing whose probes agree is kept. One per
 * run side: it keeps the run's reference and what the run may still spend timing again.
 */
final class HostSpeedWatch {

    private final HostSpeedProbe probe;
    private double reference = Double.NaN;
    private double budgetSeconds = HostSpeed.RETIME_BUDGET_SECONDS;

    HostSpeedWatch() {
        this(new HostSpeedProbe());
    }

    HostSpeedWatch(HostSpeedProbe probe) {
        this.probe = probe;
    }

    /** The timed pass kept, and the host's speed beside it. */
    record Result(TimedPass.Result timed, HostSpeed speed) {}

    Result timedPass(ScenarioContext ctx, BatchMeter meter, Counts counts) throws ChildJvm.ChildFailure {
        List<TimedPass.Result> passes = new ArrayList<>();
        List<HostSpeed> speeds = new ArrayList<>();
        for (int attempt = 1; ; attempt++) {
            // while neither JVM is busy: the host's speed, not the scenario's contention
            double before = probe.megabytesPerSecond();
            long t0 = System.nanoTime();
            TimedPass.Result timed = TimedPass.run(ctx, meter, counts);
            double seconds = (System.nanoTime() - t0) / 1e9;
            double after = probe.megabytesPerSecond();
            // the run's reference is the first pass the host held still across; until then, this pass's start
            if (Double.isNaN(reference) && !HostSpeed.apart(before, after)) reference = before;
            HostSpeed speed = new HostSpeed(before, after, Double.isNaN(reference) ? before : reference, attempt);
            passes.add(timed);
            speeds.add(speed);
            // a JVM that failed while the first type was measured again: the caller reports this pass as it stands
            if (timed.driftFailure() != null) return new Result(timed, speed);
            if (!HostSpeed.timeAgain(speed, attempt, seconds, budgetSeconds)) break;
            budgetSeconds -= seconds;
            ctx.say("the host's speed moved while it was timed (" + speed.words() + "): timing it again");
        }
        int k = HostSpeed.kept(speeds);
        HostSpeed kept = speeds.get(k).attempts(speeds.size());
        if (!kept.agrees()) ctx.say("measured while the host's speed changed (" + kept.words() + "): flagged");
        return new Result(passes.get(k), kept);
    }
}
