package io.wirecost.runner.batch;

import java.util.List;

/**
 * A least-squares line y = intercept + slope * x and its coefficient of determination
 * (R² = 1 - residual / total sum of squares about the mean of y; for a line forced through the
 * origin this can fall below 0 when the line fits worse than the mean would).
 */
public record LineFit(double slope, double intercept, double r2, int points) {

    /** y = slope * x: seed 004's chatty model n(L+T+D) has no constant term. */
    public static LineFit throughOrigin(List<double[]> xy) {
        require(xy, 1);
        double sxy = 0, sxx = 0;
        for (double[] p : xy) {
            sxy += p[0] * p[1];
            sxx += p[0] * p[0];
        }
        double slope = sxy / sxx;
        return new LineFit(slope, 0, r2(xy, slope, 0), xy.size());
    }

    /** y = intercept + slope * x: the document model L + nT + W. */
    public static LineFit ordinary(List<double[]> xy) {
        require(xy, 2);
        double mx = xy.stream().mapToDouble(p -> p[0]).average().orElseThrow();
        double my = xy.stream().mapToDouble(p -> p[1]).average().orElseThrow();
        double sxy = 0, sxx = 0;
        for (double[] p : xy) {
            sxy += (p[0] - mx) * (p[1] - my);
            sxx += (p[0] - mx) * (p[0] - mx);
        }
        if (sxx == 0) throw new IllegalArgumentException("a line needs at least two different x values");
        double slope = sxy / sxx;
        double intercept = my - slope * mx;
        return new LineFit(slope, intercept, r2(xy, slope, intercept), xy.size());
    }

    private static double r2(List<double[]> xy, double slope, double intercept) {
        double my = xy.stream().mapToDouble(p -> p[1]).average().orElseThrow();
        double res = 0, tot = 0;
        for (double[] p : xy) {
            res += Math.pow(p[1] - (intercept + slope * p[0]), 2);
            tot += Math.pow(p[1] - my, 2);
        }
        return tot == 0 ? (res == 0 ? 1 : 0) : 1 - res / tot;
    }

    private static void require(List<double[]> xy, int n) {
        if (xy.size() < n) throw new IllegalArgumentException("need at least " + n + " points, got " + xy.size());
    }

    public double at(double x) {
        return intercept + slope * x;
    }
}
