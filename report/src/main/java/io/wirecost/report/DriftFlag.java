package io.wirecost.report;

import io.wirecost.runner.Estimate;
import io.wirecost.runner.ScenarioResult;
import java.util.Locale;
import java.util.Optional;

/**
 * A scenario's first type measured again after its timed pass, against its figure in that pass
 * ({@code facts.drift}), and the words {@link NoiseFlags} prints when it moved. It reads one fact of one
 * repetition and decides alone whether that fact is a flag, so it stands apart from the flags that weigh
 * several repetitions together.
 */
record DriftFlag(String operation, Estimate ratio, Estimate memory) {

    static Optional<DriftFlag> of(ScenarioResult r) {
        io.wirecost.runner.Drift d = r.facts().drift();
        if (d == null) return Optional.empty();
        // the runner's memory probe over the same pass (MemoryPace), absent with --quick
        return Optional.of(new DriftFlag(
                d.operation(),
                new Estimate(d.ratio(), d.ciLow(), d.ciHigh(), 0),
                d.memoryPaceRatio() == null
                        ? null
                        : new Estimate(d.memoryPaceRatio(), d.memoryPaceCiLow(), d.memoryPaceCiHigh(), 0)));
    }

    double percent() {
        return Math.abs(ratio.value() - 1) * 100;
    }

    /** Moved beyond {@link NoiseFlags#DRIFT_PERCENT} and beyond its own noise. */
    boolean flagged() {
        return ratio.known() && !ratio.contains(1) && percent() > NoiseFlags.DRIFT_PERCENT;
    }

    /**
     * Lower: the code got faster under measurement (a JIT still at work); higher: something slowed it, most
     * often the machine.
     */
    String flag() {
        boolean lower = ratio.value() < 1;
        String flag = String.format(
                Locale.ROOT,
                "%s: %s's CPU per call %.0f %% %s when measured again after the timed pass (x%.2f [%.2f, %.2f])",
                lower ? "still warming up" : "moved while measured",
                operation,
                percent(),
                lower ? "lower" : "higher",
                ratio.value(),
                ratio.low(),
                ratio.high());
        // beside it, how much slower memory answered at the end than at the start: ws-security's drift followed
        // it in step (docs/RESULTS.md, 2026-11-29); a reader weighs the two, the flag does not
        if (memory == null || !memory.known()) return flag;
        return flag
                + String.format(
                        Locale.ROOT,
                        "; memory's pace beside it x%.2f [%.2f, %.2f]",
                        memory.value(),
                        memory.low(),
                        memory.high());
    }
}
