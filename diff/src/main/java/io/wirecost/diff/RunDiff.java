package io.wirecost.diff;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Measures what changed between two runs, scenario by scenario: round-trip time per data type and
 * instantiation (ratio with a Welch interval on the logs of per-repetition means, or a bootstrap over
 * one repetition's measurements), CPU per call per role and data type (from cpu.csv), each category's
 * share per role (difference in percentage points with a Welch interval), the shares of allocated bytes
 * and lock time by category when both runs recorded them ({@code run --profile cpu,alloc,lock}), CPU per request
 * of each endpoint when both recorded requests ({@code run --profile cpu,endpoints}), and message sizes. Each line
 * carries its p-value; the verdicts are {@link Gate}'s, after the correction over all lines.
 */
public final class RunDiff {

    /** Practical thresholds: percent for time, CPU and size, percentage points for shares. */
    public record Thresholds(double rttPercent, double sharePoints, double sizePercent) {

        /**
         * The smallest move of a category's share that counts, by default: A/A diffs moved the shares of categories
         * holding 2 to 10 % by less than half of it (docs/ci-gate.md). {@code history check} gates shares on the same
         * floor, so the two gates agree on what a share's move is worth.
         */
        public static final int DEFAULT_SHARE_POINTS = 2;
    }

    private static final List<String> PRIMITIVES =
            List.of("int", "short", "long", "float", "double", "boolean", "byte");

    public List<DiffLine> compare(RunData base, RunData cand) {
        List<DiffLine> lines = new ArrayList<>();
        for (String scenario : base.scenarios().keySet()) {
            List<RunData.Repetition> b = base.scenarios().get(scenario);
            List<RunData.Repetition> c = cand.scenarios().get(scenario);
            if (c == null) continue;
            String basis = b.size() + "+" + c.size() + " repetitions"
                    + (b.size() < 2 || c.size() < 2 ? " (within-run spread only)" : "");
            rtt(scenario, b, c, basis, lines);
            cpu(scenario, base, cand, basis, lines);
            endpoints(scenario, base, cand, basis, lines);
            shares(scenario, b, c, basis, lines);
            sizes(scenario, b, c, basis, lines);
        }
        return lines;
    }

    private static DiffLine percentLine(
            String scenario,
            DiffLine.Kind kind,
            String op,
            String unit,
            double mb,
            double mc,
            Stats.Interval r,
            String basis) {
        return new DiffLine(
                scenario,
                kind,
                op,
                unit,
                mb,
                mc,
                100 * (r.estimate() - 1),
                100 * (r.low() - 1),
                100 * (r.high() - 1),
                r.p(),
                DiffLine.Verdict.NO_CHANGE,
                basis,
                null);
    }

    private void rtt(
            String scenario, List<RunData.Repetition> b, List<RunData.Repetition> c, String basis, List<DiffLine> out) {
        Set<String> ops = new LinkedHashSet<>(b.get(0).rttMeanMicros().keySet());
        for (String op : ops) {
            double[] sb = rttSamples(b, op);
            double[] sc = rttSamples(c, op);
            if (sb.length == 0 || sc.length == 0) continue;
            boolean repeated = b.size() >= 2 && c.size() >= 2;
            Stats.Interval r = repeated ? Stats.ratioOfRepetitions(sb, sc) : Stats.ratio(sb, sc);
            out.add(percentLine(scenario, DiffLine.Kind.RTT, op, "µs", Stats.mean(sb), Stats.mean(sc), r, basis));
        }
    }

    /** CPU per call, role/operation, from each side's cpu.csv: its interval rests on the spread between that side's repetitions. */
    private void cpu(String scenario, RunData base, RunData cand, String basis, List<DiffLine> out) {
        Map<String, CpuCsv.Figure> b = base.cpu().getOrDefault(scenario, Map.of());
        Map<String, CpuCsv.Figure> c = cand.cpu().getOrDefault(scenario, Map.of());
        for (Map.Entry<String, CpuCsv.Figure> e : b.entrySet()) {
            CpuCsv.Figure fc = c.get(e.getKey());
            CpuCsv.Figure fb = e.getValue();
            if (fc == null || fb.micros() <= 0) continue;
            Stats.Interval r = Stats.ratioOfSummaries(
                    fb.micros(),
                    fb.halfWidthMicros(),
                    base.repetitions(scenario),
                    fc.micros(),
                    fc.halfWidthMicros(),
                    cand.repetitions(scenario));
            out.add(percentLine(scenario, DiffLine.Kind.CPU, e.getKey(), "µs", fb.micros(), fc.micros(), r, basis));
        }
    }

    /**
     * CPU per request of each endpoint both sides served ({@code run --profile cpu,endpoints}), from each side's
     * endpoints.csv: like CPU per call, a ratio of the per-repetition figures with the spread between repetitions.
     */
    private void endpoints(String scenario, RunData base, RunData cand, String basis, List<DiffLine> out) {
        Map<String, EndpointCsv.Endpoint> b = base.endpoints().getOrDefault(scenario, Map.of());
        Map<String, EndpointCsv.Endpoint> c = cand.endpoints().getOrDefault(scenario, Map.of());
        for (Map.Entry<String, EndpointCsv.Endpoint> e : b.entrySet()) {
            double[] sb = e.getValue().cpuMicrosPerRequest();
            double[] sc = c.containsKey(e.getKey()) ? c.get(e.getKey()).cpuMicrosPerRequest() : null;
            if (sc == null || sb.length == 0 || sc.length == 0 || Stats.mean(sb) <= 0) continue;
            Stats.Interval r = repetitionRatio(sb, sc);
            out.add(percentLine(
                    scenario, DiffLine.Kind.ENDPOINT, e.getKey(), "µs", Stats.mean(sb), Stats.mean(sc), r, basis));
        }
    }

    /**
     * Per-repetition means when there are repetitions (run-to-run variance is the noise that matters);
     * with a single repetition, its kept measurements. The geomean of a single repetition pairs the
     * j-th measurement of every primitive type.
     */
    static double[] rttSamples(List<RunData.Repetition> reps, String op) {
        if (reps.size() >= 2)
            return reps.stream()
                    .mapToDouble(r -> r.rttMeanMicros().getOrDefault(op, Double.NaN))
                    .filter(d -> !Double.isNaN(d))
                    .toArray();
        RunData.Repetition r = reps.get(0);
        if (op.equals("primitives-geomean")) {
            int n = PRIMITIVES.stream()
                    .mapToInt(p -> r.rttKeptMicros().getOrDefault(p, List.of()).size())
                    .min()
                    .orElse(0);
            double[] g = new double[n];
            for (int j = 0; j < n; j++) {
                double[] vals = new double[PRIMITIVES.size()];
                for (int k = 0; k < vals.length; k++)
                    vals[k] = r.rttKeptMicros().get(PRIMITIVES.get(k)).get(j);
                g[j] = Stats.geomean(vals);
            }
            return g;
        }
        return r.rttKeptMicros().getOrDefault(op, List.of()).stream()
                .mapToDouble(Double::doubleValue)
                .toArray();
    }

    private void shares(
            String scenario, List<RunData.Repetition> b, List<RunData.Repetition> c, String basis, List<DiffLine> out) {
        for (String role : b.get(0).shares().keySet()) {
            for (String category : b.get(0).shares().get(role).keySet()) {
                long[][] sb = shareSamples(b, role, category);
                long[][] sc = shareSamples(c, role, category);
                if (sc.length == 0) continue;
                if (total(sb, 0) == 0 && total(sc, 0) == 0) continue; // absent on both sides
                Stats.Interval d = Stats.shareDifference(sb, sc);
                out.add(new DiffLine(
                        scenario,
                        kindOf(role),
                        role + "/" + category,
                        "%",
                        100.0 * total(sb, 0) / Math.max(1, total(sb, 1)),
                        100.0 * total(sc, 0) / Math.max(1, total(sc, 1)),
                        d.estimate(),
                        d.low(),
                        d.high(),
                        d.p(),
                        DiffLine.Verdict.NO_CHANGE,
                        basis,
                        null));
            }
        }
    }

    /** {@code share} for CPU samples by role; {@code alloc-share} and {@code lock-share} for run --profile's companions. */
    static DiffLine.Kind kindOf(String role) {
        return switch (role) {
            case "alloc" -> DiffLine.Kind.ALLOC_SHARE;
            case "lock" -> DiffLine.Kind.LOCK_SHARE;
            default -> DiffLine.Kind.SHARE;
        };
    }

    private static long[][] shareSamples(List<RunData.Repetition> reps, String role, String category) {
        return reps.stream()
                .map(r -> r.shares().getOrDefault(role, Map.of()).get(category))
                .filter(x -> x != null)
                .toArray(long[][]::new);
    }

    private static long total(long[][] reps, int index) {
        long s = 0;
        for (long[] r : reps) s += r[index];
        return s;
    }

    /** Sizes barely vary (TCP segmentation aside): with repetitions and no spread, any difference is certain (p = 0). */
    private void sizes(
            String scenario, List<RunData.Repetition> b, List<RunData.Repetition> c, String basis, List<DiffLine> out) {
        for (String op : b.get(0).sizeBytes().keySet()) {
            double[] sb = b.stream()
                    .mapToDouble(r -> r.sizeBytes().getOrDefault(op, Double.NaN))
                    .filter(d -> !Double.isNaN(d))
                    .toArray();
            double[] sc = c.stream()
                    .mapToDouble(r -> r.sizeBytes().getOrDefault(op, Double.NaN))
                    .filter(d -> !Double.isNaN(d))
                    .toArray();
            if (sb.length == 0 || sc.length == 0 || Stats.mean(sb) == 0) continue;
            Stats.Interval r = repetitionRatio(sb, sc);
            out.add(percentLine(scenario, DiffLine.Kind.SIZE, op, "bytes", Stats.mean(sb), Stats.mean(sc), r, basis));
        }
    }

    /**
     * The ratio of the candidate's mean to the baseline's, with its interval from the repetitions. The test is on
     * logarithms: where a repetition has no figure above zero (an endpoint with no sample in a cheap or short run),
     * or a side has one repetition, the ratio is reported untested rather than failing the whole diff.
     */
    private static Stats.Interval repetitionRatio(double[] sb, double[] sc) {
        boolean positive = java.util.stream.DoubleStream.concat(
                        java.util.Arrays.stream(sb), java.util.Arrays.stream(sc))
                .allMatch(v -> v > 0);
        return sb.length >= 2 && sc.length >= 2 && positive
                ? Stats.ratioOfRepetitions(sb, sc)
                : new Stats.Interval(Stats.mean(sc) / Stats.mean(sb), Double.NaN, Double.NaN);
    }
}
