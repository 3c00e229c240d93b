package io.wirecost.report;

import io.wirecost.diff.Stats;
import io.wirecost.runner.MessageSize;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Today's questions, which no paper asked (issue 14): what gRPC costs against RMI, REST against SOAP,
 * HTTP/2 against HTTP/1.1, and how large JSON and protobuf messages are against XML. Each factor comes
 * with a 95 % interval; rows whose scenarios are not in the run are left out.
 *
 * <ul>
 * <li>string: mean round trip of A / mean of B over the kept measurements, percentile bootstrap
 *     ({@link Stats#ratio}).</li>
 * <li>primitives: the seven primitive types' geometric mean; measurement i of every type gives one
 *     geometric mean per measurement, and the ratio of those (10 a side) gets a Welch t interval on
 *     their logarithms ({@link Stats#ratioOfRepetitions}).</li>
 * <li>message size: request + response bytes per call are counted, not sampled, so the interval is the
 *     spread between data types: a t interval on the mean of the per-type log ratios.</li>
 * </ul>
 */
public final class TodayFactors {

    /** ratio label, scenario A, scenario B: A / B. */
    private static final List<String[]> TIME = List.of(
            new String[] {"gRPC/RMI", "grpc", "rmi"},
            new String[] {"gRPC-TLS/RMI-SSL", "grpc-tls", "rmi-ssl"},
            new String[] {"REST/WS-literal", "rest-json", "ws-literal"},
            new String[] {"HTTP/2 / HTTP/1.1 (REST)", "rest-json-h2", "rest-json"},
            new String[] {"REST/gRPC", "rest-json", "grpc"});

    private static final List<String[]> SIZE = List.of(
            new String[] {"JSON/XML message size", "rest-json", "ws-literal"},
            new String[] {"protobuf/JSON message size", "grpc", "rest-json"},
            new String[] {"protobuf/JRMP message size", "grpc", "rmi"},
            new String[] {"HTTP/2 / HTTP/1.1 message size", "rest-json-h2", "rest-json"});

    private static final List<String> PRIMITIVES =
            List.of("int", "short", "long", "float", "double", "boolean", "byte");

    private TodayFactors() {}

    public static Table table(List<ScenarioResult> results) {
        List<List<String>> rows = new ArrayList<>();
        for (String[] f : TIME) {
            Optional<ScenarioResult> a = find(results, f[1]);
            Optional<ScenarioResult> b = find(results, f[2]);
            if (a.isEmpty() || b.isEmpty()) continue;
            primitives(a.get(), b.get()).ifPresent(i -> rows.add(row(f, "primitives-geomean", i)));
            kept(a.get(), "string")
                    .flatMap(ka -> kept(b.get(), "string").map(kb -> Stats.ratio(kb, ka)))
                    .ifPresent(i -> rows.add(row(f, "string", i)));
        }
        for (String[] f : SIZE) {
            Optional<ScenarioResult> a =
                    find(results, f[1]).filter(r -> !r.sizes().isEmpty());
            Optional<ScenarioResult> b =
                    find(results, f[2]).filter(r -> !r.sizes().isEmpty());
            if (a.isEmpty() || b.isEmpty()) continue;
            sizeRatio(a.get(), b.get()).ifPresent(i -> rows.add(row(f, "bytes, mean over types", i)));
        }
        String title = "Today's factors, no paper column (>1: A slower or larger than B; 95 % interval)";
        // one line, as other tables say what was not measured: an empty grid under a papers-only run read as lost rows
        if (rows.isEmpty())
            return Table.notMeasured(
                    title, "no pair of today's transports (grpc, grpc-tls, rest-json, rest-json-h2) in this run");
        return new Table(
                title,
                List.of("ratio", "A / B", "data", "today", "95 % interval"),
                rows,
                List.of(
                        "Round trips: kept measurements of the timed pass (bootstrap for string, Welch t on per-measurement "
                                + "geometric means for the primitives). Sizes: t interval over the data types' ratios.",
                        "Under load, intervals widen; they do not correct for drift between scenarios run one after the other."));
    }

    private static List<String> row(String[] f, String data, Stats.Interval i) {
        return List.of(
                f[0],
                f[1] + " / " + f[2],
                data,
                String.format(Locale.ROOT, "%.2f", i.estimate()),
                String.format(Locale.ROOT, "%.2f to %.2f", i.low(), i.high()));
    }

    private static Optional<ScenarioResult> find(List<ScenarioResult> results, String name) {
        return results.stream()
                .filter(r -> r.scenario().equals(name) && !r.rtt().isEmpty())
                .findFirst();
    }

    private static Optional<double[]> kept(ScenarioResult r, String op) {
        return r.rtt(op)
                .map(RttStatistics::keptMicros)
                .filter(k -> k.size() >= 2)
                .map(k -> k.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** One geometric mean of the primitives per kept measurement index. */
    private static Optional<double[]> perMeasurementGeomeans(ScenarioResult r) {
        List<double[]> types = new ArrayList<>();
        for (String op : PRIMITIVES) {
            Optional<double[]> k = kept(r, op);
            if (k.isEmpty()) return Optional.empty();
            types.add(k.get());
        }
        int n = types.stream().mapToInt(t -> t.length).min().orElse(0);
        if (n < 2) return Optional.empty();
        double[] g = new double[n];
        for (int i = 0; i < n; i++) {
            double logs = 0;
            for (double[] t : types) logs += Math.log(t[i]);
            g[i] = Math.exp(logs / types.size());
        }
        return Optional.of(g);
    }

    private static Optional<Stats.Interval> primitives(ScenarioResult a, ScenarioResult b) {
        Optional<double[]> ga = perMeasurementGeomeans(a);
        Optional<double[]> gb = perMeasurementGeomeans(b);
        if (ga.isEmpty() || gb.isEmpty()) return Optional.empty();
        return Optional.of(Stats.ratioOfRepetitions(gb.get(), ga.get()));
    }

    private static Optional<Stats.Interval> sizeRatio(ScenarioResult a, ScenarioResult b) {
        List<Double> logs = new ArrayList<>();
        double sumA = 0;
        double sumB = 0;
        for (MessageSize ma : a.sizes()) {
            Optional<MessageSize> mb = b.size(ma.operation());
            if (mb.isEmpty() || ma.totalBytes() <= 0 || mb.get().totalBytes() <= 0) continue;
            logs.add(Math.log(ma.totalBytes() / mb.get().totalBytes()));
            sumA += ma.totalBytes();
            sumB += mb.get().totalBytes();
        }
        if (logs.size() < 2) return Optional.empty();
        double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double var = logs.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / (logs.size() - 1);
        double half = Stats.tQuantile975(logs.size() - 1) * Math.sqrt(var / logs.size());
        // the estimate is the ratio of mean bytes, as in the size-factor table; the interval, the types' spread around
        // it
        double estimate = sumA / sumB;
        return Optional.of(new Stats.Interval(
                estimate, Math.min(estimate, Math.exp(mean - half)), Math.max(estimate, Math.exp(mean + half))));
    }
}
