package io.wirecost.report;

import io.wirecost.runner.Repetitions;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The CPU-per-call table: CPU microseconds per call of both JVMs by operation, and by role for the geomean. */
public final class CpuTables {

    private CpuTables() {}

    /** Rows: every operation (role all), then the primitives' geomean of the client and of the server alone. */
    public static Table perCall(List<ScenarioResult> all) {
        List<Repetitions.Figure> cpu = Repetitions.cpu(all);
        List<String> scenarios = new ArrayList<>();
        List<String> ops = new ArrayList<>();
        for (Repetitions.Figure f : cpu) {
            if (!scenarios.contains(f.scenario())) scenarios.add(f.scenario());
            if (!ops.contains(f.operation())) ops.add(f.operation());
        }
        List<String> header = new ArrayList<>(List.of("operation", "role"));
        header.addAll(scenarios);
        List<List<String>> rows = new ArrayList<>();
        for (String op : ops) rows.add(row(cpu, scenarios, op, "all"));
        if (ops.contains("primitives-geomean")) {
            rows.add(row(cpu, scenarios, "primitives-geomean", "client"));
            rows.add(row(cpu, scenarios, "primitives-geomean", "server"));
            if (cpu.stream().anyMatch(f -> f.role().equals("proxy")))
                rows.add(row(cpu, scenarios, "primitives-geomean", "proxy"));
        }
        List<String> notes = new ArrayList<>();
        notes.add(
                "User + system CPU time of the JVM(s) during the timed pass divided by its calls (GC threads included; JIT compiler "
                        + "and profiler agent threads excluded); all = client + server, batch by batch, and the proxy where a "
                        + "scenario's calls pass through one (http-to-port: its user + system CPU from /proc, every thread).");
        notes.add(Intervals.basis(all));
        HostReference.note(all).ifPresent(notes::add);
        if (cpu.isEmpty()) notes.add("No CPU figures: the scenario JVMs could not read their CPU time.");
        return new Table("CPU time per call, microseconds (95 % interval)", header, rows, notes);
    }

    private static List<String> row(List<Repetitions.Figure> cpu, List<String> scenarios, String op, String role) {
        List<String> row = new ArrayList<>(List.of(op, role));
        for (String s : scenarios) {
            Optional<Repetitions.Figure> f = Repetitions.find(cpu, s, op, role);
            row.add(f.map(x -> Intervals.cell(x.estimate())).orElse("-"));
        }
        return row;
    }
}
