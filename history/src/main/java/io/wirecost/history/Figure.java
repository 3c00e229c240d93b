package io.wirecost.history;

/**
 * One stored figure of one run: {@code metric} names what and where ({@code cpu/rmi/all/int}: CPU per call of
 * both JVMs, scenario rmi, operation int), with the 95 % interval the run computed, or NaN where it computed none;
 * {@code noisy}: the run itself flagged it too noisy to support a comparison (a round trip whose batches' CV exceeded
 * {@link io.wirecost.diff.ResultsFile.Rtt#TOO_NOISY_CV_PERCENT} %, or CPU per call and round trips of a scenario whose
 * warm-up was cut short, {@link io.wirecost.diff.ResultsFile.Scenario#warmupCut}).
 */
public record Figure(String metric, double value, double ciLow, double ciHigh, String unit, boolean noisy) {

    public Figure(String metric, double value, double ciLow, double ciHigh, String unit) {
        this(metric, value, ciLow, ciHigh, unit, false);
    }

    public boolean hasInterval() {
        return !Double.isNaN(ciLow) && !Double.isNaN(ciHigh);
    }
}
