package io.wirecost.runner.model;

import io.wirecost.runner.Estimate;
import java.util.List;

/**
 * Seed 003's model, fitted by least squares over the points of one scenario: latency L against
 * x = CL * NI (concurrency level times integers marshalled).
 *
 * <ul>
 * <li>{@code kOrigin}: the paper's L = K * CL * NI, a line through the origin (K = Σxy / Σx²), with
 *     {@code r2Origin} computed against the mean as usual, so a constant the line cannot show lowers it;</li>
 * <li>{@code k}, {@code c}: L = c + K * CL * NI, ordinary least squares, {@code r2}. The constant is the
 *     per-call cost that does not grow with the data (HTTP, SOAP envelope, dispatch) and dominates at
 *     low NI; seed 003's arrays were large enough to hide it. Ratios use this K.</li>
 * </ul>
 * {@code kCiLow}, {@code kCiHigh}: K's 95 % interval from the fit's residuals (Student t, points - 2 degrees of
 * freedom; NaN below 3 points), so K ratios between scenarios carry one. Latencies in microseconds, K in
 * microseconds per (client x integer).
 */
public record ModelFit(
        int points, double kOrigin, double r2Origin, double c, double k, double r2, double kCiLow, double kCiHigh) {

    public record Point(int clients, int ints, double latencyMicros) {
        double x() {
            return (double) clients * ints;
        }
    }

    public static ModelFit of(List<Point> points) {
        int n = points.size();
        if (n < 2) throw new IllegalArgumentException("a fit needs at least two points, got " + n);
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (Point p : points) {
            sx += p.x();
            sy += p.latencyMicros();
            sxx += p.x() * p.x();
            sxy += p.x() * p.latencyMicros();
        }
        double mean = sy / n;
        double kOrigin = sxy / sxx;
        double denom = n * sxx - sx * sx;
        double k = denom == 0 ? 0 : (n * sxy - sx * sy) / denom;
        double c = (sy - k * sx) / n;
        double ssTot = 0, ssOrigin = 0, ssLine = 0;
        for (Point p : points) {
            double y = p.latencyMicros();
            ssTot += (y - mean) * (y - mean);
            ssOrigin += (y - kOrigin * p.x()) * (y - kOrigin * p.x());
            ssLine += (y - c - k * p.x()) * (y - c - k * p.x());
        }
        // the slope's standard error: residual variance over the spread of x (the textbook OLS formula)
        double half = n > 2 && denom != 0
                ? Estimate.t975(n - 2) * Math.sqrt(ssLine / (n - 2) / (sxx - sx * sx / n))
                : Double.NaN;
        return new ModelFit(
                n,
                kOrigin,
                ssTot == 0 ? 1 : 1 - ssOrigin / ssTot,
                c,
                k,
                ssTot == 0 ? 1 : 1 - ssLine / ssTot,
                k - half,
                k + half);
    }

    /** K with its interval, for ratios between scenarios (their sweeps are independent). */
    public Estimate kEstimate() {
        return new Estimate(k, kCiLow, kCiHigh, Math.max(0, points - 2));
    }

    /** The model's latency at a point (with the constant). */
    public double predict(Point p) {
        return c + k * p.x();
    }
}
