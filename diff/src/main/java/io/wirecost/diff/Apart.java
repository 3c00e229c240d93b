package io.wirecost.diff;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether the two sides of a diff were measured on one machine in one sitting. The gate's error rates were
 * measured with the sides one straight after the other ({@code bench gate}); later, the machine is not the same
 * one. On this project's shared 2-core VM, A/A sides diffed across pairs failed the gate about as often as
 * designed when their starts were minutes apart, and far more often from about an hour apart, a stored baseline
 * hours old most of all: the machine's CPU per call drifted by more than the gate's smallest regression, and no
 * cheap reference workload moved with it (docs/ci-gate.md). A verdict between runs apart would judge the machine
 * as much as the code: they get none, unless asked; a history of runs and its change points is the tool for them
 * (docs/history.md).
 */
final class Apart {

    /**
     * The longest pause, from the end of the first run (its start plus its scenarios' durations) to the start of
     * the second, that a verdict still trusts: the measured false-alarm rate stays near the design's up to about
     * half an hour (docs/ci-gate.md).
     */
    static final Duration MAX_PAUSE = Duration.ofMinutes(30);

    private Apart() {}

    /**
     * Why the two runs were not measured on one machine in one sitting ("measured 9 h 50 min apart (...)",
     * "measured on different hosts (a vs b)"); empty where they were, or where either side does not say.
     */
    static Optional<String> why(RunData base, RunData cand) {
        RunData.Session a = base.session();
        RunData.Session b = cand.session();
        if (!a.host().isEmpty() && !b.host().isEmpty() && !a.host().equals(b.host()))
            return Optional.of("measured on different hosts (" + a.host() + " vs " + b.host() + ")");
        if (a.started() == null || b.started() == null) return Optional.empty();
        RunData.Session first = a.started().isAfter(b.started()) ? b : a;
        RunData.Session second = first == a ? b : a;
        Instant firstEnd = first.started().plusMillis((long) (first.seconds() * 1000));
        Duration pause = Duration.between(firstEnd, second.started());
        if (pause.compareTo(MAX_PAUSE) <= 0) return Optional.empty();
        long minutes = pause.toMinutes();
        return Optional.of(String.format(
                Locale.ROOT,
                "measured %s apart (baseline began %s, candidate %s)",
                minutes < 60
                        ? minutes + " min"
                        : String.format(Locale.ROOT, "%d h %02d min", minutes / 60, minutes % 60),
                a.started().truncatedTo(ChronoUnit.SECONDS),
                b.started().truncatedTo(ChronoUnit.SECONDS)));
    }
}
