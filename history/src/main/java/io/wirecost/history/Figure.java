package io.wirecost.history;

/**
 * One stored figure of one run: {@code metric} names what and where ({@code cpu/rmi/all/int}: CPU per call of
 * both JVMs, scenario rmi, operation int), with the 95 % interval the run computed, or NaN where it computed none.
 */
public record Figure(String metric, double value, double ciLow, double ciHigh, String unit) {

    public boolean hasInterval() {
        return !Double.isNaN(ciLow) && !Double.isNaN(ciHigh);
    }
}
