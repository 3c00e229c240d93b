package io.wirecost.report;

import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The round-trip table: each operation's mean per scenario with its interval, the profiled pass and the noise verdict. */
public final class RoundTripTable {

    private RoundTripTable() {}

    public static Table roundTrips(List<ScenarioResult> results) {
        List<String> header = new ArrayList<>(List.of("operation"));
        for (ScenarioResult r : results) header.add(Cells.label(r));
        List<List<String>> rows = new ArrayList<>();
        List<String> ops = new ArrayList<>();
        for (ScenarioResult r : results)
            for (RttStatistics s : r.rtt()) if (!ops.contains(s.operation())) ops.add(s.operation());
        for (String op : ops) {
            List<String> row = new ArrayList<>(List.of(op));
            for (ScenarioResult r : results) {
                row.add(r.rtt(op)
                        .map(s -> Double.isNaN(s.cvPercent())
                                ? Intervals.cell(s.interval())
                                : Intervals.cell(s.interval()) + " cv "
                                        + String.format(Locale.ROOT, "%.1f", s.cvPercent()) + "%")
                        .orElse("-"));
            }
            rows.add(row);
        }
        List<String> profiled = new ArrayList<>(List.of("geomean, profiled pass"));
        for (ScenarioResult r : results) {
            profiled.add(r.profiledRtt().stream()
                    .filter(x -> x.operation().equals("primitives-geomean"))
                    .findFirst()
                    .map(x -> Cells.fmt(x.meanMicros()))
                    .orElse("-"));
        }
        if (results.stream().anyMatch(r -> !r.profiledRtt().isEmpty())) rows.add(profiled);
        List<String> noise = new ArrayList<>(List.of("noise"));
        for (ScenarioResult r : results) {
            List<String> flags = NoiseFlags.scenario(r.scenario(), "primitives-geomean", results);
            noise.add(flags.isEmpty() ? "ok" : "too noisy: " + String.join("; ", flags));
        }
        rows.add(noise);
        return new Table(
                "Round-trip time per invocation, microseconds (mean of the kept measurements [95 % interval]; coefficient of variation)",
                header,
                rows,
                List.of(
                        "primitives-geomean: geometric mean of the seven primitive types (seed 002, 4.1); "
                                + "instantiation: a fresh client's lookup and first call",
                        "Timed without the profiler; the profile comes from a second, identical pass (its geomean in a row of its own).",
                        "95 % intervals: Student t over the kept measurements of the first repetition; geomean by the delta method.",
                        String.format(
                                Locale.ROOT,
                                "noise: 'too noisy' when a primitive's CV exceeds %.0f %% or CPU steal exceeded %.0f %% (docs/measurement.md).",
                                NoiseFlags.CV_PERCENT,
                                NoiseFlags.STEAL_PERCENT)));
    }
}
