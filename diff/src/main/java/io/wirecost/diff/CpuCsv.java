package io.wirecost.diff;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a run's {@code cpu.csv} ({@code scenario,operation,role,cpu_micros_per_call,ci_low,ci_high,invocations}):
 * CPU microseconds per call with the 95 % interval the run computed (from the spread between
 * repetitions when it had two or more). A run without the file (older runs) has no CPU figures.
 */
public final class CpuCsv {

    /** The header, the contract between the run's writer (report module) and this reader. */
    public static final String HEADER = "scenario,operation,role,cpu_micros_per_call,ci_low,ci_high,invocations";

    /**
     * The operation of a {@code profile} run's JVMs: one run of the command is the call, so the figure is the JVM's
     * CPU time over its recording of each run (the command taken as the same work every time).
     */
    public static final String COMMAND = "command";

    /** One row: CPU µs per call and its 95 % interval. */
    public record Figure(double micros, double ciLowMicros, double ciHighMicros) {
        public double halfWidthMicros() {
            return (ciHighMicros - ciLowMicros) / 2;
        }
    }

    private CpuCsv() {}

    /** scenario -> "role/operation" -> figure; empty when the file does not exist. */
    public static Map<String, Map<String, Figure>> read(Path file) throws RunData.BadRunException {
        Map<String, Map<String, Figure>> out = new LinkedHashMap<>();
        List<String> lines = CsvLines.read(file, HEADER);
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) continue;
            String[] f = lines.get(i).split(",", -1);
            if (f.length < 6)
                throw new RunData.BadRunException(
                        file + ": line " + (i + 1) + " has " + f.length + " fields, expected 7");
            if (!List.of("client", "server", "proxy", "all").contains(f[2])) {
                throw new RunData.BadRunException(
                        file + ": line " + (i + 1) + ": role must be client, server, proxy or all, got '" + f[2] + "'");
            }
            double mean = CsvLines.number(file, i, "cpu_micros_per_call", f[3]);
            // an empty interval (one repetition, no spread known) is NaN: no test rests on it
            double lo = f[4].isEmpty() ? Double.NaN : CsvLines.number(file, i, "ci_low", f[4]);
            double hi = f[5].isEmpty() ? Double.NaN : CsvLines.number(file, i, "ci_high", f[5]);
            out.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).put(f[2] + "/" + f[1], new Figure(mean, lo, hi));
        }
        return out;
    }
}
