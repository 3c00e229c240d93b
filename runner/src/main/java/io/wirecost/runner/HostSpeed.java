package io.wirecost.runner;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.wirecost.attribution.stats.Median;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * results.json's {@code facts.host_speed_mbps}: the host's speed ({@link HostSpeedProbe}, MB/s) right before and right
 * after the scenario's timed pass (with its first type measured again), and the run's reference. Whether they agree
 * decides whether the pass is timed again and, where no timing agreed, flags the scenario's figures.
 *
 * @param before       the probe right before the timed pass that was kept
 * @param after        the probe right after it
 * @param runReference the run's reference: the probe before the run's first timed pass whose two probes agreed (this
 *                     pass's {@code before} until one did), the speed the run's scenarios are compared at
 * @param attempts     how many times the pass was timed (1: its probes agreed the first time)
 */
@JsonPropertyOrder({"before", "after", "run_reference", "attempts"})
public record HostSpeed(
        double before,
        double after,
        @JsonProperty("run_reference") double runReference,
        int attempts) {

    /**
     * How far two probes may differ, percent of the larger, and still be the same speed of the host. The VM this was
     * built on has two speed states a third apart (openssl's AES-GCM on one CPU: its slow state's best reading is about
     * a quarter below its fast state's worst), so a flip moves the probe by more than a fifth of the larger figure;
     * within one state repeated probes of the runner's JVM (not pinned: on either CPU) stay within about a tenth of
     * each other (docs/measurement.md, "The host's speed"). 15 % lies between the two: a flip is seen, a probe's own
     * spread is not taken for one, and a false alarm costs only one more timed pass.
     */
    public static final double MOVED_PERCENT = 15;

    /** Whether {@code a} and {@code b} differ by more than {@link #MOVED_PERCENT} of the larger. */
    public static boolean apart(double a, double b) {
        return Math.abs(a - b) > MOVED_PERCENT / 100 * Math.max(a, b);
    }

    /**
     * The host held its speed: before and after the pass agree, and both agree with the run's reference, so the
     * scenario was measured at the speed the run's other scenarios were.
     */
    public boolean agrees() {
        return !apart(before, after) && !apart(before, runReference) && !apart(after, runReference);
    }

    /** How far the probes are from agreeing: the largest relative difference among the three, percent. */
    public double spreadPercent() {
        double max = Math.max(runReference, Math.max(before, after));
        double min = Math.min(runReference, Math.min(before, after));
        return (max - min) / max * 100;
    }

    /**
     * Whether to time the pass again after attempt {@code attempt} (1-based) whose probes are {@code speed} and which
     * took {@code passSeconds}: its probes disagree, it was timed fewer than {@link #MAX_ATTEMPTS} times, and timing
     * it once more fits what is left of the run's {@code budgetSeconds}.
     */
    public static boolean timeAgain(HostSpeed speed, int attempt, double passSeconds, double budgetSeconds) {
        return !speed.agrees() && attempt < MAX_ATTEMPTS && passSeconds <= budgetSeconds;
    }

    /**
     * Times a scenario's pass is timed at most: once more after a move. The host's states last minutes, so a second
     * timing right after a flip mostly finds the host steady; a third would rarely do better and costs as much again.
     */
    public static final int MAX_ATTEMPTS = 2;

    /**
     * Seconds a run may spend timing passes again, over all its scenarios: the default run of all scenarios is to stay
     * within 10 minutes (issue 51) and already takes most of them, so a host that stays in its other state for the rest
     * of a run costs at most this much; later scenarios are flagged instead.
     */
    public static final double RETIME_BUDGET_SECONDS = 45;

    /** Of several timings, the one to keep: the first whose probes agree, else the one whose probes are closest. */
    public static int kept(List<HostSpeed> attempts) {
        int best = 0;
        for (int i = 0; i < attempts.size(); i++) {
            if (attempts.get(i).agrees()) return i;
            if (attempts.get(i).spreadPercent() < attempts.get(best).spreadPercent()) best = i;
        }
        return best;
    }

    /** The same probes, timed {@code n} times in all. */
    public HostSpeed attempts(int n) {
        return new HostSpeed(before, after, runReference, n);
    }

    /**
     * In words: {@code host reference (AES-GCM, one core) 1180 → 700 MB/s}, and the run's reference where this
     * scenario's pass began away from it.
     */
    public String words() {
        String span = String.format(Locale.ROOT, "host reference (AES-GCM, one core) %.0f → %.0f MB/s", before, after);
        return apart(before, runReference) ? span + String.format(Locale.ROOT, ", the run's %.0f", runReference) : span;
    }

    /** The run's host reference: the median of its scenarios' probes; NaN where none probed (older runs, attach). */
    public static double runMedian(List<HostSpeed> speeds) {
        double[] v = speeds.stream()
                .filter(Objects::nonNull)
                .flatMapToDouble(s -> Arrays.stream(new double[] {s.before(), s.after()}))
                .filter(Double::isFinite)
                .sorted()
                .toArray();
        return Median.ofSorted(v);
    }
}
