package io.wirecost.runner;

import java.util.List;

/** The overhead estimate of alternating off/on blocks: each on-block against its two off-neighbours. */
public final class OverheadStats {

    private OverheadStats() {}

    /**
     * @param blocks off, on, off, on, ..., off? block means (an on-block needs an off-block on each side,
     *               or the last off-block alone)
     * @return {mean overhead %, 95 % CI low, high}, from the per-pair log ratios (t interval)
     */
    public static double[] overhead(List<Double> blocks) {
        int pairs = blocks.size() / 2;
        double[] r = new double[pairs];
        for (int i = 0; i < pairs; i++) {
            double on = blocks.get(2 * i + 1);
            double before = blocks.get(2 * i);
            double after = 2 * i + 2 < blocks.size() ? blocks.get(2 * i + 2) : before;
            r[i] = Math.log(on / ((before + after) / 2));
        }
        double m = 0;
        for (double x : r) m += x;
        m /= pairs;
        double v = 0;
        for (double x : r) v += (x - m) * (x - m);
        v = pairs > 1 ? v / (pairs - 1) : 0;
        double half = (pairs > 1 ? Estimate.t975(pairs - 1) : Double.POSITIVE_INFINITY) * Math.sqrt(v / pairs);
        return new double[] {100 * (Math.exp(m) - 1), 100 * (Math.exp(m - half) - 1), 100 * (Math.exp(m + half) - 1)};
    }
}
