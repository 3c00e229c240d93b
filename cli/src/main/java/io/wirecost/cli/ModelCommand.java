package io.wirecost.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.wirecost.cli.common.Bounds;
import io.wirecost.cli.common.Locations;
import io.wirecost.report.Table;
import io.wirecost.report.paper.PaperTable;
import io.wirecost.runner.AtomicFiles;
import io.wirecost.runner.ChildJvm;
import io.wirecost.runner.Estimate;
import io.wirecost.runner.JvmLauncher;
import io.wirecost.runner.ModuleClasspath;
import io.wirecost.runner.UsageException;
import io.wirecost.runner.model.ModelFit;
import io.wirecost.runner.model.ModelSweep;
import io.wirecost.scenarios.payload.Payload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code wirecost model}: seed 003's experiment. For each scenario, one server and one client JVM; for
 * every int-array size NI and concurrency level CL, CL client threads (own connection each, no think
 * time) call the inverting service; the mean latency per point is fitted to L = K * CL * NI (the paper)
 * and to L = c + K * CL * NI, and the K ratios are printed beside seed 003's Figures 2 and 3.
 * model.csv grows point by point; model.json and table.md are rewritten after each scenario.
 */
@Command(
        name = "model",
        mixinStandardHelpOptions = true,
        description =
                "Seed 003's latency model L = K x CL x NI: sweep concurrency by int-array size, fit, compare K ratios.")
public final class ModelCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Option(
            names = "--scenarios",
            split = ",",
            defaultValue = "tcp,rmi,ws-literal",
            description =
                    "Scenarios, comma-separated; 'all', 'papers' and 'today' name sets as in run (default: ${DEFAULT-VALUE}).")
    List<String> scenarios;

    @Option(
            names = "--quick",
            description = "Concurrency 1, 2, 4 by 10, 1000, 10000 integers, fewer calls: for tests and CI.")
    boolean quick;

    @Option(
            names = "--levels",
            split = ",",
            description = "Concurrency levels (default: seed 003's 1,5,10,20,30,40,50).")
    List<Integer> levels;

    @Option(names = "--ints", split = ",", description = "Int-array sizes NI (default 1,10,100,1000,10000,100000).")
    List<Integer> ints;

    @Option(
            names = "--calls",
            description =
                    "Timed calls per point, shared by the clients; fewer for arrays over 1000 ints (default 1000; quick 100).")
    Integer calls;

    @Option(
            names = "--warmup",
            description = "Untimed single-client calls per size before the sweep (default 500; quick 100).")
    Integer warmup;

    @Mixin
    OutputOptions output;

    /** The scenario JVMs' JDK and options, as run's: 50 SOAP clients of 100,000 ints need {@code --jvm-opt=-Xmx2g}. */
    @Mixin
    JdkOptions jdk;

    @Override
    public Integer call() throws Exception {
        List<Integer> cl = levels != null ? levels : quick ? List.of(1, 2, 4) : List.of(1, 5, 10, 20, 30, 40, 50);
        List<Integer> ni =
                ints != null ? ints : quick ? List.of(10, 1000, 10000) : List.of(1, 10, 100, 1000, 10000, 100000);
        int total = calls != null ? calls : quick ? 100 : 1000;
        int warm = warmup != null ? warmup : quick ? 100 : 500;
        scenarios = ScenarioList.resolve(scenarios);
        for (String s : scenarios) {
            if (!Payload.CARRIERS.contains(s))
                throw new UsageException("scenario '" + s + "' cannot carry int arrays (model works with "
                        + String.join(", ", new java.util.TreeSet<>(Payload.CARRIERS)) + ")");
        }
        for (int c : cl) Bounds.within("--levels", c, 1, 500);
        for (int n : ni) Bounds.within("--ints", n, 1, Payload.MAX_INTS);
        if (total < 1 || warm < 0) throw new UsageException("--calls must be positive and --warmup not negative");
        if (cl.size() * ni.size() < 2) throw new UsageException("a fit needs at least two points (levels x sizes)");
        jdk.home(); // a bad --java-home is refused before the output directory exists
        Path dir = output.create("model-", "model.json", "a model");
        Files.createDirectories(dir.resolve("logs"));
        System.err.println("wirecost: writing to " + dir);

        JvmLauncher launcher = jdk.unprofiled(new ModuleClasspath(Locations.projectRoot()));
        Path csv = dir.resolve("model.csv");
        // rewritten whole after every point (AtomicFiles), so an interrupted sweep leaves no half row
        StringBuilder csvText = new StringBuilder(ModelSweep.CSV_HEADER);
        AtomicFiles.write(csv, csvText.toString());
        ModelSweep sweep = new ModelSweep(cl, ni, total, warm);
        Map<String, List<ModelFit.Point>> points = new LinkedHashMap<>();
        Map<String, String> errors = new LinkedHashMap<>();
        for (String s : scenarios) {
            List<ModelFit.Point> ps = new ArrayList<>();
            points.put(s, ps);
            try {
                sweep.run(launcher, s, dir, csv, csvText, ps);
            } catch (ChildJvm.ChildFailure | IOException e) {
                errors.put(s, e.getMessage());
                System.err.println("wirecost: " + s + " failed: " + e.getMessage());
            }
            write(dir, points, errors);
        }
        String text = write(dir, points, errors);
        System.out.print(text);
        System.out.println("\nResults: " + dir + " (model.csv, model.json, table.md)");
        return errors.isEmpty() ? 0 : 1;
    }

    /** model.json and table.md from the points so far; returns the tables as text. */
    private static String write(Path dir, Map<String, List<ModelFit.Point>> points, Map<String, String> errors)
            throws IOException {
        Map<String, ModelFit> fits = new LinkedHashMap<>();
        points.forEach((s, ps) -> {
            if (ps.size() >= 2) fits.put(s, ModelFit.of(ps));
        });
        List<Table> tables = List.of(fitTable(fits, points), ratioTable(fits));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("model", "L = K x CL x NI (seed 003); also L = c + K x CL x NI");
        json.put("latency_unit", "microseconds");
        json.put("points", points);
        json.put("fits", fits);
        json.put("errors", errors);
        json.put("ratios", ratios(fits));
        Map<String, Map<String, Double>> ratioIntervals = new LinkedHashMap<>();
        ratioEstimates(fits).forEach((s, e) -> {
            if (e.known()) {
                Map<String, Double> interval = new LinkedHashMap<>(); // low first, as Map.of would not keep it
                interval.put("ci_low", e.low());
                interval.put("ci_high", e.high());
                ratioIntervals.put(s, interval);
            }
        });
        json.put("ratio_intervals", ratioIntervals);
        AtomicFiles.write(dir.resolve("model.json"), os -> JSON.writeValue(os, json));
        StringBuilder md = new StringBuilder();
        StringBuilder text = new StringBuilder();
        for (Table t : tables) {
            md.append(t.markdown());
            text.append('\n').append(t.text());
        }
        AtomicFiles.write(dir.resolve("table.md"), md.toString());
        return text.toString();
    }

    static Table fitTable(Map<String, ModelFit> fits, Map<String, List<ModelFit.Point>> points) {
        List<List<String>> rows = new ArrayList<>();
        fits.forEach((s, f) -> {
            // where the paper's line through the origin breaks: the points it misses by more than 25 %
            List<String> off = new ArrayList<>();
            for (ModelFit.Point p : points.get(s)) {
                double pred = f.kOrigin() * p.clients() * p.ints();
                if (Math.abs(pred - p.latencyMicros()) > 0.25 * p.latencyMicros())
                    off.add("CL" + p.clients() + "/NI" + p.ints());
            }
            rows.add(List.of(
                    s,
                    String.valueOf(f.points()),
                    e(f.k()),
                    interval(f.kEstimate()),
                    String.format(Locale.ROOT, "%.1f", f.c()),
                    String.format(Locale.ROOT, "%.3f", f.r2()),
                    e(f.kOrigin()),
                    String.format(Locale.ROOT, "%.3f", f.r2Origin()),
                    f.k() > 0 ? String.format(Locale.ROOT, "%.0f", f.c() / f.k()) : "-",
                    off.isEmpty()
                            ? "none"
                            : off.size() + " of " + f.points()
                                    + (off.size() <= 4 ? ": " + String.join(" ", off) : "")));
        });
        return new Table(
                "Seed 003's model per scenario: L = c + K x CL x NI and the paper's L = K x CL x NI (latency in µs)",
                List.of(
                        "scenario",
                        "points",
                        "K (µs per client x int)",
                        "K 95 % interval",
                        "c (µs)",
                        "R²",
                        "K through origin",
                        "R² through origin",
                        "constant dominates below CL x NI",
                        "points the origin line misses by >25 %"),
                rows,
                List.of(
                        "R² against the mean for both fits. Ratios use K of the fit with the constant: at low NI the constant "
                                + "(HTTP, envelopes, dispatch) dominates and the line through the origin cannot show it. "
                                + "K's interval: Student t from the fit's residuals (points - 2 degrees of freedom), so it "
                                + "covers the points' noise and how far they stray from a line."));
    }

    private static Map<String, Double> ratios(Map<String, ModelFit> fits) {
        double min = fastest(fits).map(ModelFit::k).orElse(Double.NaN);
        Map<String, Double> out = new LinkedHashMap<>();
        fits.forEach((s, f) -> out.put(s, f.k() / min));
        return out;
    }

    /** The fit with the smallest positive K: the reference both kinds of ratio divide by. */
    private static Optional<ModelFit> fastest(Map<String, ModelFit> fits) {
        return fits.values().stream().filter(f -> f.k() > 0).min(Comparator.comparingDouble(ModelFit::k));
    }

    /** Each scenario's K over the fastest one's with its 95 % interval ({@link Estimate#ratio}); none for the fastest. */
    private static Map<String, Estimate> ratioEstimates(Map<String, ModelFit> fits) {
        Map<String, Estimate> out = new LinkedHashMap<>();
        fastest(fits)
                .ifPresent(b -> fits.forEach((s, f) -> {
                    if (f != b && f.k() > 0) out.put(s, f.kEstimate().ratio(b.kEstimate()));
                }));
        return out;
    }

    private static String interval(Estimate e) {
        return e.known() ? String.format(Locale.ROOT, "[%.4g, %.4g]", e.low(), e.high()) : "-";
    }

    private static String ratio(Estimate e) {
        return e.known()
                ? String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", e.value(), e.low(), e.high())
                : String.format(Locale.ROOT, "%.2f (no interval: too few points)", e.value());
    }

    /** Seed 003's ratios (performance-factors.csv, source 003) and which scenarios stand for them. */
    static final Map<String, String[]> MAPPING = Map.of(
            "SOAP+HTTP/Binary+TCP", new String[] {"ws-literal", "rmi"},
            "Binary+HTTP/Binary+TCP", new String[] {"http-to-port", "rmi"},
            "SOAP+TCP/Binary+TCP", new String[] {"", "rmi"});

    static Table ratioTable(Map<String, ModelFit> fits) {
        List<List<String>> rows = new ArrayList<>();
        Map<String, Double> r = ratios(fits);
        String fastest = r.entrySet().stream()
                .filter(x -> x.getValue() == 1.0)
                .map(Map.Entry::getKey)
                .findFirst()
                .orElse("-");
        Map<String, Estimate> withIntervals = ratioEstimates(fits);
        r.forEach((s, v) -> rows.add(List.of(
                s + " / " + fastest,
                withIntervals.containsKey(s)
                        ? ratio(withIntervals.get(s))
                        : String.format(Locale.ROOT, "%.2f", v) + (s.equals(fastest) ? " (reference)" : ""),
                "",
                "")));
        for (String[] f : seed003Factors()) {
            String[] pair = MAPPING.get(f[2]);
            if (pair == null) continue;
            String base = fits.containsKey(pair[1]) ? pair[1] : fits.containsKey("tcp") ? "tcp" : pair[1];
            ModelFit a = pair[0].isEmpty() ? null : fits.get(pair[0]);
            ModelFit b = fits.get(base);
            String today = a != null && b != null && a.k() > 0 && b.k() > 0
                    ? ratio(a.kEstimate().ratio(b.kEstimate()))
                    : "-";
            rows.add(List.of(
                    pair[0].isEmpty() ? "(no scenario: SOAP over raw TCP)" : pair[0] + " / " + base,
                    today,
                    f[4],
                    "seed 003 " + f[2]));
        }
        return new Table(
                "K ratios, today vs seed 003 Figures 2 and 3 (>1: slower than the reference)",
                List.of("scenarios", "today [95 %]", "paper", "paper ratio"),
                rows,
                List.of(
                        "Mapping: Binary+TCP = rmi (tcp if rmi is absent), SOAP+HTTP = ws-literal, Binary+HTTP = http-to-port; "
                                + "seed 003's SOAP+TCP (.NET remoting's SOAP formatter on TCP) has no scenario.",
                        "95 % intervals: the two K's intervals combined by the delta method on logarithms (independent "
                                + "sweeps); one sweep each, so the machine's drift between them is not in them."));
    }

    private static List<String[]> seed003Factors() {
        return PaperTable.factors().stream().filter(f -> f[0].equals("003")).toList();
    }

    private static String e(double v) {
        return String.format(Locale.ROOT, "%.4g", v);
    }
}
