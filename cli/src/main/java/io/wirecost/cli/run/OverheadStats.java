package io.wirecost.cli.run;

import java.util.List;

/** The overhead estimate of alternating off/on blocks: each on-block against its two off-neighbours. */
public final class OverheadStats {

    private OverheadStats() {
    }

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
        double half = t975(pairs - 1) * Math.sqrt(v / pairs);
        return new double[]{100 * (Math.exp(m) - 1), 100 * (Math.exp(m - half) - 1), 100 * (Math.exp(m + half) - 1)};
    }

    static double t975(int df) {
        double[] table = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
                2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
        if (df < 1) return Double.POSITIVE_INFINITY;
        return df > 30 ? 1.96 + 2.4 / df : table[df - 1];
    }
}
