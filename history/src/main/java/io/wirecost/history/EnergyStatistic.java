package io.wirecost.history;

/**
 * The energy statistic Q̂ that E-divisive maximises ({@link EDivisive}), over a window's pairwise distances summed
 * once into a prefix table, so that each split and end costs four lookups. A class of its own because it is the
 * arithmetic that must match Otava's term for term, apart from the order in which EDivisive splits, tests and merges.
 */
final class EnergyStatistic {

    private EnergyStatistic() {}

    /**
     * The split τ of x[from, to) that maximises Q̂ over every end κ (to at most): {τ, Q̂}. Q̂(X, Y) = 2/(m+n) Σ|X−Y|
     * − 2m/((m+n)(n−1)) Σ_{i<k}|X_i−X_k| − 2n/((m+n)(m−1)) Σ_{j<k}|Y_j−Y_k|; row by row, first maximum wins.
     */
    static double[] candidate(double[][] p, int from, int to) {
        int bestTau = -1;
        double bestQ = 0;
        for (int tau = from + 1; tau < to; tau++) {
            int n = tau - from;
            double withinX = rect(p, from, tau, from, tau) / 2;
            for (int kappa = tau + 1; kappa <= to; kappa++) {
                int m = kappa - tau;
                int size = kappa - from;
                double q = 2.0 / size * rect(p, from, tau, tau, kappa);
                if (n > 1) q -= 2.0 * m / size / (n - 1) * withinX;
                if (m > 1) q -= 2.0 * n / size / (m - 1) * (rect(p, tau, kappa, tau, kappa) / 2);
                if (bestTau < 0 || q > bestQ) {
                    bestTau = tau;
                    bestQ = q;
                }
            }
        }
        return new double[] {bestTau, bestQ};
    }

    /** p[i][j]: the sum of |x_a − x_b| over a < i, b < j. */
    static double[][] prefixDistances(double[] x) {
        int n = x.length;
        double[][] p = new double[n + 1][n + 1];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) p[i + 1][j + 1] = p[i][j + 1] + p[i + 1][j] - p[i][j] + Math.abs(x[i] - x[j]);
        }
        return p;
    }

    private static double rect(double[][] p, int a0, int a1, int b0, int b1) {
        return p[a1][b1] - p[a0][b1] - p[a1][b0] + p[a0][b0];
    }
}
