package io.wirecost.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.wirecost.cli.common.Bounds;
import io.wirecost.cli.common.Locations;
import io.wirecost.report.Table;
import io.wirecost.runner.AtomicFiles;
import io.wirecost.runner.ChildJvm;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        List<Table> tables = List.of(ModelFitTable.of(fits, points), ModelRatios.table(fits));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("model", "L = K x CL x NI (seed 003); also L = c + K x CL x NI");
        json.put("latency_unit", "microseconds");
        json.put("points", points);
        json.put("fits", fits);
        json.put("errors", errors);
        json.put("ratios", ModelRatios.of(fits));
        Map<String, Map<String, Double>> ratioIntervals = new LinkedHashMap<>();
        ModelRatios.estimates(fits).forEach((s, e) -> {
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
}
