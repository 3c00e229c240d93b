package io.wirecost.history;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A real history, as stored by {@code history import}: CPU per call (both JVMs, and the server's) and round trips of
 * the quick rmi runs made one after the other on the development machine, the server busy-looping 2 µs of CPU per call
 * ({@code --scenario-option inject.cpu-us=2}) from the ninth stored run on. The machine was shared with seven other
 * builds (1-minute load average 23 to 34 on 2 CPUs, in the load_1m column), which moved CPU per call far more than
 * the injected 2 µs: the series serve the comparison with Otava, not as a history where the change can be seen. Runs
 * whose scenario failed are not stored. One line per run and figure:
 * {@code position,run_id,started,inject_cpu_us,load_1m,metric,value,ci_low,ci_high}.
 */
final class RealSeries {

    static final String RESOURCE = "/series/rmi-quick-inject.csv";

    /**
     * Issue 48's 30-run history: {@code ./wirecost run --scenarios rmi,ws-literal --quick} one after the other from
     * a frozen build, 2026-12-02 00:32 to 01:34 UTC, the server busy-looping 2 µs per call from the 20th run on
     * (position 19). The machine was shared with five other builds until about the 26th run and far quieter after
     * (load_1m column): the figures per call, the share of the category the injected loop lands in, the round
     * trips; and each run's busy CPU and steal as metrics {@code machine/busy_percent} and
     * {@code machine/steal_percent}.
     */
    static final String QUICK_30 = "/series/quick-30-inject-from-20.csv";

    /**
     * Issue 48's A/A history on the Intel Xeon VM: the same {@code ./wirecost run --scenarios rmi,ws-literal --quick}
     * every 100 s from a frozen build (45b6fed), 2026-12-06 06:57 to 08:08 UTC, nothing injected, alone on the machine.
     * The VM's host flipped between speed states within runs, then stayed slow from about the 33rd run: ws-literal's
     * CPU per call doubled to tripled while load, steal and busy CPU held. The gating figures (CPU per call and shares
     * of both JVMs, round trips), with two more columns: whether the run flagged the figure too noisy, and the run's
     * host reference (MB/s).
     */
    static final String AA_41_INTEL = "/series/aa-41-intel-slow-host.csv";

    /**
     * The same kind of history as {@link #QUICK_30} on the Intel Xeon VM, alone on it (frozen build 3de6a76,
     * 2026-12-06 09:28 to 10:05 UTC, one run every 70 s), the server busy-looping 2 µs per call from the 20th run
     * (position 19); the host slowed in runs 9 and 22 (probe 15 MB/s against about 30) and stayed a little slower
     * after run 22. The columns of {@link #AA_41_INTEL}.
     */
    static final String QUICK_30_INTEL = "/series/quick-30-inject-from-20-intel.csv";

    private RealSeries() {}

    /** metric -> values in the history's order, of {@link #RESOURCE}. */
    static Map<String, double[]> read() throws IOException {
        return read(RESOURCE);
    }

    /**
     * metric -> its series of one of the series files as the store gives them, each run with its load, busy CPU,
     * steal, host reference and the figures' noisy flags where the file has them (host and CPU model the development
     * machine's).
     */
    static Map<String, List<HistoryStore.Point>> points(String resource) throws IOException {
        List<String[]> lines = lines(resource);
        Map<String, Double> busy = new LinkedHashMap<>();
        Map<String, Double> steal = new LinkedHashMap<>();
        for (String[] f : lines) {
            if (f[5].equals("machine/busy_percent")) busy.put(f[1], Double.parseDouble(f[6]));
            if (f[5].equals("machine/steal_percent")) steal.put(f[1], Double.parseDouble(f[6]));
        }
        Map<String, List<HistoryStore.Point>> out = new LinkedHashMap<>();
        Map<String, HistoryStore.Entry> runs = new LinkedHashMap<>();
        for (String[] f : lines) {
            if (f[5].startsWith("machine/")) continue;
            HistoryStore.Entry run = runs.computeIfAbsent(f[1], id -> {
                Instant t = Instant.parse(f[2]);
                RunFacts facts = new RunFacts(
                        id,
                        id,
                        "run",
                        "runs/" + id,
                        t,
                        "vm",
                        "AMD EPYC",
                        "17",
                        "quick",
                        Double.parseDouble(f[4]),
                        steal.getOrDefault(id, Double.NaN),
                        busy.getOrDefault(id, Double.NaN),
                        "{}",
                        f.length > 10 ? number(f[10]) : Double.NaN);
                return new HistoryStore.Entry(Integer.parseInt(f[0]) + 1, t, null, null, facts, 0);
            });
            String unit = f[5].startsWith("share/") ? "%" : "us";
            Figure g = new Figure(
                    f[5],
                    Double.parseDouble(f[6]),
                    number(f[7]),
                    number(f[8]),
                    unit,
                    f.length > 9 && Boolean.parseBoolean(f[9]));
            out.computeIfAbsent(f[5], k -> new ArrayList<>()).add(new HistoryStore.Point(run, g));
        }
        return out;
    }

    private static double number(String s) {
        return s.isEmpty() ? Double.NaN : Double.parseDouble(s);
    }

    private static List<String[]> lines(String resource) throws IOException {
        try (InputStream in = RealSeries.class.getResourceAsStream(resource)) {
            if (in == null) throw new IOException(resource + " missing from the test resources");
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
            return lines.subList(1, lines.size()).stream()
                    .map(l -> l.split(",", -1))
                    .toList();
        }
    }

    /** metric -> values in the history's order, of one of the series files. */
    static Map<String, double[]> read(String resource) throws IOException {
        Map<String, List<Double>> byMetric = new LinkedHashMap<>();
        for (String[] f : lines(resource))
            byMetric.computeIfAbsent(f[5], k -> new ArrayList<>()).add(Double.parseDouble(f[6]));
        Map<String, double[]> out = new LinkedHashMap<>();
        byMetric.forEach(
                (m, v) -> out.put(m, v.stream().mapToDouble(Double::doubleValue).toArray()));
        return out;
    }
}
