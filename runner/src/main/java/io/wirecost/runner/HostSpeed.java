package io.wirecost.runner;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * results.json's {@code facts.host_speed_mbps}: the host's speed ({@link HostSpeedProbe}, MB/s) right before and right
 * after the scenario's timed pass (with its first type measured again), and the run's first probe. Whether they agree
 * decides whether the pass is timed again and, where no timing agreed, flags the scenario's figures.
 *
 * @param before   the probe right before the timed pass that was kept
 * @param after    the probe right after it
 * @param runFirst the run's first probe: the speed the run's other scenarios are compared at
 * @param attempts how many times the pass was timed (1: its probes agreed the first time)
 */
@JsonPropertyOrder({"before", "after", "run_first", "attempts"})
public record HostSpeed(
        double before,
        double after,
        @JsonProperty("run_first") double runFirst,
        int attempts) {

    /**
     * How far two probes may differ, percent of the larger, and still be the same speed of the host. This VM's two
     * speed states are far apart: openssl's AES-GCM read 1000 to 1220 MB/s in the fast state and 600 to 760 in the
     * slow one, so a flip moves the probe by 24 % or more of the larger figure. Within one state the probe moves far
     * less: the runner's JVM is not pinned and the two CPUs differ by some 5 %, and repeated probes on one CPU by up to
     * 8 % (docs/measurement.md, "The host's speed"). 15 % sits between the two: a flip is seen, a probe on the other
     * CPU is not taken for one.
     */
    public static final double MOVED_PERCENT = 15;

    /** Whether {@code a} and {@code b} differ by more than {@link #MOVED_PERCENT} of the larger. */
    public static boolean apart(double a, double b) {
        return Math.abs(a - b) > MOVED_PERCENT / 100 * Math.max(a, b);
    }

    /**
     * The host held its speed: before and after the pass agree, and both agree with the run's first probe, so the
     * scenario was measured at the speed the run's other scenarios were.
     */
    public boolean agrees() {
        return !apart(before, after) && !apart(before, runFirst) && !apart(after, runFirst);
    }

    /** How far the probes are from agreeing: the largest relative difference among the three, percent. */
    public double spreadPercent() {
        double max = Math.max(runFirst, Math.max(before, after));
        double min = Math.min(runFirst, Math.min(before, after));
        return (max - min) / max * 100;
    }

    /** The same probes, timed {@code n} times in all. */
    public HostSpeed attempts(int n) {
        return new HostSpeed(before, after, runFirst, n);
    }

    /**
     * In words: {@code host reference (AES-GCM, one core) 1180 -> 700 MB/s}, and the run's first probe where this
     * scenario's are away from it.
     */
    public String words() {
        String span = String.format(Locale.ROOT, "host reference (AES-GCM, one core) %.0f → %.0f MB/s", before, after);
        return apart(before, runFirst) || apart(after, runFirst)
                ? span + String.format(Locale.ROOT, ", the run's first %.0f", runFirst)
                : span;
    }

    /** The run's host reference: the median of its scenarios' probes; NaN where none probed (older runs, attach). */
    public static double runMedian(List<HostSpeed> speeds) {
        double[] v = speeds.stream()
                .filter(Objects::nonNull)
                .flatMapToDouble(s -> Arrays.stream(new double[] {s.before(), s.after()}))
                .filter(Double::isFinite)
                .sorted()
                .toArray();
        if (v.length == 0) return Double.NaN;
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
