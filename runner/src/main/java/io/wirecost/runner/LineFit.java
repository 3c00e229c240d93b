package io.wirecost.runner;

import java.util.List;

/**
 * A least-squares line y = intercept + slope * x and its coefficient of determination
 * (R² = 1 - residual / total sum of squares about the mean of y; for a line forced through the
 * origin this can fall below 0 when the line fits worse than the mean would). The one least-squares
 * fit of the project: seed 003's K (runner.model) and seed 004's two lines (runner.batch) both use it.
 *
 * @param slopeStandardError the slope's standard error from the residuals (the textbook OLS formula, points - 2
 *                           degrees of freedom); NaN through the origin, below 3 points, or when every x is the same
 */
public record LineFit(double slope, double intercept, double r2, int points, double slopeStandardError) {

    /** y = slope * x: a model with no constant term (seed 004's chatty n(L+T+D), seed 003's L = K * CL * NI). */
    public static LineFit throughOrigin(List<double[]> xy) {
        require(xy, 1);
        double sxy = 0, sxx = 0;
        for (double[] p : xy) {
            sxy += p[0] * p[1];
            sxx += p[0] * p[0];
        }
        double slope = sxy / sxx;
        return new LineFit(slope, 0, r2(xy, slope, 0), xy.size(), Double.NaN);
    }

    /**
     * y = intercept + slope * x (seed 004's document model L + nT + W, seed 003's c + K * CL * NI). When every
     * x is the same the data say nothing about a slope: it is 0 and the intercept is the mean of y.
     */
    public static LineFit ordinary(List<double[]> xy) {
        require(xy, 2);
        double mx = xy.stream().mapToDouble(p -> p[0]).average().orElseThrow();
        double my = xy.stream().mapToDouble(p -> p[1]).average().orElseThrow();
        double sxy = 0, sxx = 0;
        for (double[] p : xy) {
            sxy += (p[0] - mx) * (p[1] - my);
            sxx += (p[0] - mx) * (p[0] - mx);
        }
        double slope = sxx == 0 ? 0 : sxy / sxx;
        double intercept = my - slope * mx;
        int n = xy.size();
        double se = n > 2 && sxx != 0 ? Math.sqrt(residual(xy, slope, intercept) / (n - 2) / sxx) : Double.NaN;
        return new LineFit(slope, intercept, r2(xy, slope, intercept), n, se);
    }

    private static double residual(List<double[]> xy, double slope, double intercept) {
        double res = 0;
        for (double[] p : xy) res += Math.pow(p[1] - (intercept + slope * p[0]), 2);
        return res;
    }

    private static double r2(List<double[]> xy, double slope, double intercept) {
        double my = xy.stream().mapToDouble(p -> p[1]).average().orElseThrow();
        double tot = 0;
        for (double[] p : xy) tot += Math.pow(p[1] - my, 2);
        double res = residual(xy, slope, intercept);
        return tot == 0 ? (res == 0 ? 1 : 0) : 1 - res / tot;
    }

    private static void require(List<double[]> xy, int n) {
        if (xy.size() < n) throw new IllegalArgumentException("need at least " + n + " points, got " + xy.size());
    }

    public double at(double x) {
        return intercept + slope * x;
    }
}
