package io.wirecost.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The timed pass between two probes of the host's speed ({@link HostSpeedProbe}), timed again where they moved
 * ({@link HostSpeed#timeAgain}): a pass that straddled a change of the host's speed, or was timed at another speed than
 * the run's other scenarios, is measured once more in the same JVMs, and the timing whose probes agree is kept. One per
 * run side: it keeps the run's reference and what the run may still spend timing again.
 */
final class HostSpeedWatch {

    /** The host's speed, MB/s; its warm-up may start early, beside what the runner waits for. */
    @FunctionalInterface
    interface Probe {
        double megabytesPerSecond();

        /** Starts the probe's unmeasured warm-up beside the caller's work. */
        default void warmUpBeside() {}

        /** Waits for a warm-up {@link #warmUpBeside} started. */
        default void awaitWarmUp() {}
    }

    private final Probe probe;
    private double reference = Double.NaN;
    private double budgetSeconds;

    /**
     * For a run of these settings: {@code --quick} (tests and CI) times each pass once and flags a move, spending
     * nothing on timing again. Its figures are meant to be cheap, and a CI gate's precision comes from its repetitions;
     * on a VM whose speed flips often, timing again cost quick runs a pass in two.
     */
    static HostSpeedWatch of(RunSettings settings) {
        return new HostSpeedWatch(new HostSpeedProbe(), settings.quick() ? 0 : HostSpeed.RETIME_BUDGET_SECONDS);
    }

    /** With another probe, for tests. */
    HostSpeedWatch(Probe probe) {
        this(probe, HostSpeed.RETIME_BUDGET_SECONDS);
    }

    HostSpeedWatch(Probe probe, double budgetSeconds) {
        this.probe = probe;
        this.budgetSeconds = budgetSeconds;
    }

    /**
     * The probe's warm-up starts now, beside the scenario JVMs' start, so that the first probe does not spend it
     * between passes; {@link #warmedUp} ends it before any pass.
     */
    void warmUpBeside() {
        probe.warmUpBeside();
    }

    /** Waits for the warm-up {@link #warmUpBeside} started: no pass runs beside it. */
    void warmedUp() {
        probe.awaitWarmUp();
    }

    /** A pass to time, which may fail as a JVM does. */
    @FunctionalInterface
    interface Pass<T> {
        T time() throws ChildJvm.ChildFailure;
    }

    /** The timing kept, and the host's speed beside it. */
    record Watched<T>(T kept, HostSpeed speed) {}

    /** The scenario's timed pass, watched. */
    Watched<TimedPass.Result> timedPass(ScenarioContext ctx, BatchMeter meter, Counts counts)
            throws ChildJvm.ChildFailure {
        return watch(() -> TimedPass.run(ctx, meter, counts), t -> t.driftFailure() != null, ctx::say);
    }

    /**
     * Times {@code pass} between two probes, again while {@link HostSpeed#timeAgain} says so, and keeps the timing
     * {@link HostSpeed#kept} picks; {@code failed}: a timing whose JVM failed part way, kept as it stands. Says in one
     * line each time it times again, and once where no timing's probes agreed.
     */
    <T> Watched<T> watch(Pass<T> pass, Predicate<T> failed, Consumer<String> say) throws ChildJvm.ChildFailure {
        List<T> timings = new ArrayList<>();
        List<HostSpeed> speeds = new ArrayList<>();
        for (int attempt = 1; ; attempt++) {
            // while neither JVM is busy: the host's speed, not the scenario's contention
            double before = probe.megabytesPerSecond();
            long t0 = System.nanoTime();
            T timed = pass.time();
            double seconds = (System.nanoTime() - t0) / 1e9;
            double after = probe.megabytesPerSecond();
            // the run's reference is the first pass the host held still across; until then, this pass's start
            if (Double.isNaN(reference) && !HostSpeed.apart(before, after)) reference = before;
            HostSpeed speed = new HostSpeed(before, after, Double.isNaN(reference) ? before : reference, attempt);
            timings.add(timed);
            speeds.add(speed);
            if (failed.test(timed)) return new Watched<>(timed, speed);
            if (!HostSpeed.timeAgain(speed, attempt, seconds, budgetSeconds)) break;
            budgetSeconds -= seconds;
            say.accept("the host's speed moved while it was timed (" + speed.words() + "): timing it again");
        }
        int k = HostSpeed.kept(speeds);
        HostSpeed kept = speeds.get(k).attempts(speeds.size());
        if (!kept.agrees()) say.accept("measured while the host's speed changed (" + kept.words() + "): flagged");
        return new Watched<>(timings.get(k), kept);
    }
}
