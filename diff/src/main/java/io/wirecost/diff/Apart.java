package io.wirecost.diff;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether the two sides of a diff were measured on one machine in one sitting. The gate's error rates were
 * measured with the sides one straight after the other ({@code bench gate}); later, the machine is not the same
 * one. On this project's shared 2-core VM, with the night's 29 interleaved A/A pairs of rmi at the CI settings
 * (docs/RESULTS.md, 2026-11-27), a side diffed against another pair's other side failed the gate 1 time in 80 with
 * their starts up to 14 min apart, 4 in 59 at 20 to 45 min, 3 in 17 at 61 to 95 min, and a baseline stored 8 to
 * 10 h before the day's runs 68 times in 232: rmi's CPU per call drifted by 5 to 11 %, and two full runs 50 min
 * apart differed by 12 to 46 % in every scenario. No cheap reference workload moved with it (the same section), so
 * a verdict between runs apart would judge the machine as much as the code: they get none, unless asked.
 */
final class Apart {

    /**
     * The longest pause, from the end of the first run (its start plus its scenarios' durations) to the start of
     * the second, that a verdict still trusts: the measured rate stays near 5 % up to about half an hour.
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
