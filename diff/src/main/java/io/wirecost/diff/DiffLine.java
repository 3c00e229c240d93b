package io.wirecost.diff;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.Objects;

/**
 * One comparison of the diff.
 *
 * @param metric   e.g. {@code int}, {@code instantiation}, {@code all/socket-write}, {@code server/string}
 * @param unit     unit of baseline and candidate ({@code µs}, {@code %}, {@code bytes})
 * @param change   candidate vs baseline: percent for rtt, cpu and size, percentage points for shares
 * @param ciLow    95 % interval of the change, same unit (NaN when none can be given)
 * @param pValue   two-sided p-value of "no change" from between-run variance (NaN without repetitions)
 * @param verdict  after the multiple-comparison correction over every gated line
 * @param basis    what the interval rests on, e.g. {@code 5+5 repetitions}
 * @param reason   why a {@link Verdict#REPORTED} line does not gate; null for every other verdict
 */
public record DiffLine(
        String scenario,
        Kind kind,
        String metric,
        String unit,
        double baseline,
        double candidate,
        double change,
        double ciLow,
        double ciHigh,
        double pValue,
        Verdict verdict,
        String basis,
        @JsonInclude(JsonInclude.Include.NON_NULL) NotGating reason) {

    public DiffLine {
        if ((verdict == Verdict.REPORTED) != (reason != null))
            throw new IllegalArgumentException("a reported line, and only it, says why it does not gate: " + verdict);
    }

    /** What a line compares; its word is what the report and the JSON print. */
    public enum Kind {
        RTT("rtt"),
        CPU("cpu"),
        /** Each category's share of a role's CPU samples. */
        SHARE("share"),
        /** run --profile's companions: shares of allocated bytes and of lock time. */
        ALLOC_SHARE("alloc-share"),
        LOCK_SHARE("lock-share"),
        SIZE("size"),
        /** A library's own code's share of the CPU samples (see {@link ArtifactShares}). */
        ARTIFACT("artifact"),
        /** An endpoint's CPU per request ({@code run --profile cpu,endpoints}); the metric is the endpoint's name. */
        ENDPOINT("endpoint");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        @JsonValue
        public String word() {
            return word;
        }

        /** Round trips and CPU per call: a scenario's cost, one of them deciding it. */
        public boolean cost() {
            return this == RTT || this == CPU;
        }

        /** Lines whose change is in percentage points of a share rather than percent. */
        public boolean inPoints() {
            return this == SHARE || this == ALLOC_SHARE || this == LOCK_SHARE || this == ARTIFACT;
        }

        @Override
        public String toString() {
            return word;
        }
    }

    public enum Verdict {
        REGRESSION,
        IMPROVEMENT,
        NO_CHANGE,
        /** Too few repetitions for a verdict from between-run variance. */
        NO_VERDICT,
        /** The scenario's cost was decided by the other measure (rtt or cpu, whichever was steadier). */
        NOT_DECIDING,
        /** Outside Holm's family: shown with its interval, never fails the gate; the line's {@link NotGating reason} says why. */
        REPORTED;

        public String label() {
            return this == REPORTED
                    ? "reported, not gating"
                    : name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /** Why a line is reported and does not gate. */
    public enum NotGating {
        /** Allocation and lock-time shares (few events; see {@link Gate}) and artifact lines (the share lines' samples again). */
        INFORMATIONAL,
        /** Not in the family declared in advance: per-type lines, per-role and small shares, sizes, thinly sampled endpoints. */
        OUTSIDE_FAMILY,
        /** Round trips and CPU per call timed after a warm-up cut short, while the JIT still compiled ({@link WarmupCut}). */
        WARMUP_CUT
    }

    public boolean changed() {
        return verdict == Verdict.REGRESSION || verdict == Verdict.IMPROVEMENT;
    }

    /** Direction of the change when significant: the sign of {@code change}. */
    public Verdict direction() {
        return change > 0 ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
    }

    public DiffLine withVerdict(Verdict v) {
        return new DiffLine(
                scenario, kind, metric, unit, baseline, candidate, change, ciLow, ciHigh, pValue, v, basis, null);
    }

    /** This line as reported, not gating, for the given reason. */
    public DiffLine reported(NotGating why) {
        Objects.requireNonNull(why);
        return new DiffLine(
                scenario,
                kind,
                metric,
                unit,
                baseline,
                candidate,
                change,
                ciLow,
                ciHigh,
                pValue,
                Verdict.REPORTED,
                basis,
                why);
    }
}
