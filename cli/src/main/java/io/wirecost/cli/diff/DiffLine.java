package io.wirecost.cli.diff;

/**
 * One comparison of the diff.
 *
 * @param kind     {@code rtt}, {@code share} or {@code size}
 * @param metric   e.g. {@code int}, {@code instantiation}, {@code all/socket-write}, {@code string}
 * @param unit     unit of baseline and candidate ({@code µs}, {@code %}, {@code bytes})
 * @param change   candidate vs baseline: percent for rtt and size, percentage points for shares
 * @param ciLow    95 % interval of the change, same unit (NaN when none can be given)
 * @param basis    what the interval rests on, e.g. {@code 5+5 repetitions}
 */
public record DiffLine(String scenario, String kind, String metric, String unit, double baseline, double candidate,
                       double change, double ciLow, double ciHigh, Verdict verdict, String basis) {

    public enum Verdict {
        REGRESSION, IMPROVEMENT, NO_CHANGE;

        public String label() {
            return name().toLowerCase().replace('_', ' ');
        }
    }

    public boolean changed() {
        return verdict != Verdict.NO_CHANGE;
    }
}
