package io.wirecost.runner.model;

import io.wirecost.runner.Estimate;
import io.wirecost.runner.LineFit;
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
        List<double[]> xy = points.stream()
                .map(p -> new double[] {p.x(), p.latencyMicros()})
                .toList();
        LineFit origin = LineFit.throughOrigin(xy);
        LineFit line = LineFit.ordinary(xy);
        double half = n > 2 ? Estimate.t975(n - 2) * line.slopeStandardError() : Double.NaN;
        return new ModelFit(
                n,
                origin.slope(),
                origin.r2(),
                line.intercept(),
                line.slope(),
                line.r2(),
                line.slope() - half,
                line.slope() + half);
    }

    /** K with its interval, for ratios between scenarios (their sweeps are independent). */
    public Estimate kEstimate() {
        return new Estimate(k, kCiLow, kCiHigh, Math.max(0, points - 2));
    }
}
