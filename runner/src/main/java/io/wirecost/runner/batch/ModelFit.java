package io.wirecost.runner.batch;

import io.wirecost.runner.LineFit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Seed 004's performance model (section VI) fitted at one latency: the object interface takes
 * T_obj(n) = n(L + T + D), the document interface T_doc(n) = L + nT + W, so document style wins from
 * n̂ = (L + W) / (L + D) files on. Both lines are least-squares fits to the medians of the measured
 * points; L is the round-trip latency the proxy added, as measured. n̂ itself does not depend on L:
 * it is the document line's intercept over the difference of the slopes.
 *
 * <p>The paper's model charges one L per file, but the object interface makes
 * {@code roundTripsPerFile} calls per file (5 here), so D also holds the other round trips' latency;
 * {@code objectOverheadNetMillis} = a - kL - T is the per-file cost with every round trip's latency taken out.
 *
 * @param documentVariant    ws-document (the paper's comparison) or rmi-document
 * @param crossover          n̂ from the fitted lines; infinite when the document line is never below
 * @param observedCrossover  the smallest measured n from which the document variant was faster at every measured n
 * @param ratioAt5           document time / object time at 5 files, when 5 was measured (the paper quotes it)
 * @param crossoverCiLow     n̂'s 95 % interval, lower end ({@link CrossoverBootstrap}); infinite when even the lower
 *                           end's resampled lines never cross
 * @param crossoverCiHigh    upper end; infinite when at least 2.5 % of resampled lines never cross
 * @param ratioAt5CiLow      the ratio at 5 files' 95 % interval, lower end; NaN when 5 was not measured
 * @param ratioAt5CiHigh     upper end
 */
public record ModelFit(
        String documentVariant,
        double latencyMillis,
        LineFit objects,
        LineFit document,
        double transmitMillis,
        double objectOverheadMillis,
        double documentOverheadMillis,
        double roundTripsPerFile,
        double objectOverheadNetMillis,
        double crossover,
        OptionalInt observedCrossover,
        OptionalDouble ratioAt5,
        double crossoverCiLow,
        double crossoverCiHigh,
        double ratioAt5CiLow,
        double ratioAt5CiHigh) {

    public static final String OBJECTS = "rmi-objects";

    /**
     * The fit with its intervals. Empty until both variants have enough points (two batch sizes for the document
     * line).
     */
    public static Optional<ModelFit> of(LatencyResult r, String documentVariant) {
        return fitted(r, documentVariant).map(f -> f.with(CrossoverBootstrap.of(r, documentVariant)));
    }

    private ModelFit with(CrossoverBootstrap.Intervals i) {
        return new ModelFit(
                documentVariant,
                latencyMillis,
                objects,
                document,
                transmitMillis,
                objectOverheadMillis,
                documentOverheadMillis,
                roundTripsPerFile,
                objectOverheadNetMillis,
                crossover,
                observedCrossover,
                ratioAt5,
                i.crossoverLow(),
                i.crossoverHigh(),
                i.ratioAt5Low(),
                i.ratioAt5High());
    }

    /** The fit alone, its intervals NaN. */
    static Optional<ModelFit> fitted(LatencyResult r, String documentVariant) {
        return fitted(r, documentVariant, true);
    }

    /**
     * The fit, its intervals NaN; without the observed crossover when {@code observedToo} is false: each bootstrap
     * resample needs only the lines and the ratio, and the observed crossover's search over every batch size was
     * half of a resample's cost.
     */
    static Optional<ModelFit> fitted(LatencyResult r, String documentVariant, boolean observedToo) {
        List<BatchPoint> obj = r.points(OBJECTS);
        List<BatchPoint> doc = r.points(documentVariant);
        if (obj.isEmpty() || doc.stream().map(BatchPoint::files).distinct().count() < 2) return Optional.empty();
        LineFit a = LineFit.throughOrigin(xy(obj));
        LineFit d = LineFit.ordinary(xy(doc));
        double l = r.addedRttMillis();
        double t = d.slope();
        double w = d.intercept() - l;
        double dd = a.slope() - l - t;
        double k = obj.stream()
                .mapToDouble(p -> p.callsPerTransaction() / p.files())
                .average()
                .orElse(1);
        double crossover = a.slope() > d.slope() ? d.intercept() / (a.slope() - d.slope()) : Double.POSITIVE_INFINITY;
        return Optional.of(new ModelFit(
                documentVariant,
                l,
                a,
                d,
                t,
                dd,
                w,
                k,
                a.slope() - k * l - t,
                crossover,
                observedToo ? observed(r, documentVariant) : OptionalInt.empty(),
                ratio(r, documentVariant, 5),
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN));
    }

    private static List<double[]> xy(List<BatchPoint> points) {
        List<double[]> xy = new ArrayList<>();
        for (BatchPoint p : points) xy.add(new double[] {p.files(), p.medianMillis()});
        return xy;
    }

    private static OptionalInt observed(LatencyResult r, String documentVariant) {
        List<Integer> sizes = r.points(OBJECTS).stream()
                .map(BatchPoint::files)
                .filter(n -> r.point(documentVariant, n).isPresent())
                .sorted()
                .toList();
        Integer from = null;
        for (int i = sizes.size() - 1; i >= 0; i--) {
            int n = sizes.get(i);
            if (r.point(documentVariant, n).orElseThrow().medianMillis()
                    < r.point(OBJECTS, n).orElseThrow().medianMillis()) from = n;
            else break;
        }
        return from == null ? OptionalInt.empty() : OptionalInt.of(from);
    }

    private static OptionalDouble ratio(LatencyResult r, String documentVariant, int files) {
        var doc = r.point(documentVariant, files);
        var obj = r.point(OBJECTS, files);
        if (doc.isEmpty() || obj.isEmpty()) return OptionalDouble.empty();
        return OptionalDouble.of(doc.get().medianMillis() / obj.get().medianMillis());
    }
}
