package io.wirecost.diff;

/**
 * One comparison of the diff.
 *
 * @param kind     {@code rtt}, {@code cpu}, {@code share}, {@code alloc-share}, {@code lock-share}, {@code size} or {@code artifact}
 * @param metric   e.g. {@code int}, {@code instantiation}, {@code all/socket-write}, {@code server/string}
 * @param unit     unit of baseline and candidate ({@code µs}, {@code %}, {@code bytes})
 * @param change   candidate vs baseline: percent for rtt, cpu and size, percentage points for shares
 * @param ciLow    95 % interval of the change, same unit (NaN when none can be given)
 * @param pValue   two-sided p-value of "no change" from between-run variance (NaN without repetitions)
 * @param verdict  after the multiple-comparison correction over every gated line
 * @param basis    what the interval rests on, e.g. {@code 5+5 repetitions}
 */
public record DiffLine(
        String scenario,
        String kind,
        String metric,
        String unit,
        double baseline,
        double candidate,
        double change,
        double ciLow,
        double ciHigh,
        double pValue,
        Verdict verdict,
        String basis) {

    public enum Verdict {
        REGRESSION,
        IMPROVEMENT,
        NO_CHANGE,
        /** Too few repetitions for a verdict from between-run variance. */
        NO_VERDICT,
        /** The scenario's cost was decided by the other measure (rtt or cpu, whichever was steadier). */
        NOT_DECIDING,
        /** Shown for information, outside the tested family: allocation and lock-time shares (see Gate), artifact lines (see {@link ArtifactShares}). */
        NOT_GATED,
        /** Outside the gating family (per-type lines, small shares, sizes): shown with its interval, never fails the gate. */
        NOT_GATING;

        public String label() {
            return this == NOT_GATING
                    ? "reported, not gating"
                    : name().toLowerCase().replace('_', ' ');
        }
    }

    public boolean changed() {
        return verdict == Verdict.REGRESSION || verdict == Verdict.IMPROVEMENT;
    }

    /** Direction of the change when significant: the sign of {@code change}. */
    public Verdict direction() {
        return change > 0 ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
    }

    public DiffLine withVerdict(Verdict v) {
        return new DiffLine(scenario, kind, metric, unit, baseline, candidate, change, ciLow, ciHigh, pValue, v, basis);
    }
}
