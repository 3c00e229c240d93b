package io.wirecost.report;

import io.wirecost.runner.Repetitions;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Factors between scenarios (today against the papers') and between a run's two configurations. */
public final class FactorTables {

    private FactorTables() {}

    /**
     * Today's factors beside the papers' (performance-factors.csv), for the scenario pairs present: on round
     * trips and on CPU per call (both JVMs), each with its 95 % interval, over all repetitions given. The
     * last column says in words when a factor is too noisy to support the comparison ({@link NoiseFlags}).
     */
    public static Table factors(List<ScenarioResult> all) {
        List<Repetitions.Figure> rtt = Repetitions.rtt(all);
        List<Repetitions.Figure> cpu = Repetitions.cpu(all);
        List<List<String>> rows = new ArrayList<>();
        for (Factor f : Factor.of(all, rtt, cpu)) {
            rows.add(List.of(
                    f.ratio(),
                    f.operation(),
                    f.rtt().map(Intervals::cell).orElse("-"),
                    f.cpu().map(Intervals::cell).orElse("-"),
                    f.paper(),
                    f.source(),
                    String.join("; ", NoiseFlags.factor(f, all)),
                    processes(cpu, f.scenarioA()) + " / " + processes(cpu, f.scenarioB())));
        }
        List<String> notes = new ArrayList<>(List.of(
                "CPU per call: CPU time of the timed pass (user + system) of the processes each call passes "
                        + "through, JIT compiler and agent threads excluded; 'CPU counts' names them for each "
                        + "side of the ratio (proxy: http-to-port's forward proxy, read from /proc).",
                Intervals.basis(all)));
        HostReference.note(all).ifPresent(notes::add);
        String title =
                "Factors, today vs the papers (>1: slower or costlier than the reference; 95 % intervals in brackets)";
        if (rows.isEmpty()) return Table.notMeasured(title, "no pair of the papers' scenarios in this run");
        return new Table(
                title,
                List.of("ratio", "data", "round trips", "CPU per call", "paper", "paper source", "noise", "CPU counts"),
                rows,
                notes);
    }

    /** The processes a scenario's CPU per call ({@code all}) sums: its roles with a figure of their own. */
    static String processes(List<Repetitions.Figure> cpu, String scenario) {
        List<String> roles = new ArrayList<>();
        for (String role : List.of("client", "server", "proxy"))
            if (cpu.stream()
                    .anyMatch(f -> f.scenario().equals(scenario) && f.role().equals(role))) roles.add(role);
        return roles.isEmpty() ? "-" : String.join("+", roles);
    }

    /**
     * Candidate against baseline per scenario (primitives' geometric mean and string), for runs with two
     * configurations. When the candidate differs by its JCE provider, seed 000's provider comparison is
     * the reference (its provider comparison on simple types and strings, docs/papers.md).
     */
    public static Table configurationFactors(
            List<ScenarioResult> baseline,
            List<ScenarioResult> candidate,
            Map<String, String> baseOptions,
            Map<String, String> candOptions) {
        boolean provider = !java.util.Objects.equals(baseOptions.get("jce.provider"), candOptions.get("jce.provider"));
        List<List<String>> rows = new ArrayList<>();
        for (ScenarioResult b : baseline) {
            Optional<ScenarioResult> c = candidate.stream()
                    .filter(x -> x.scenario().equals(b.scenario()))
                    .findFirst();
            if (c.isEmpty()) continue;
            for (String op : List.of("primitives-geomean", "string")) {
                Optional<RttStatistics> sb = b.rtt(op);
                Optional<RttStatistics> sc = c.get().rtt(op);
                if (sb.isEmpty() || sc.isEmpty()) continue;
                boolean crypto = b.scenario().equals("rmi-ssl") || b.scenario().equals("ws-security");
                rows.add(List.of(
                        b.scenario(),
                        op,
                        Intervals.cell(sc.get().interval().ratio(sb.get().interval())),
                        provider && crypto ? "1.15 (seed 000: Bouncy Castle vs JCSI/HBCI)" : "-"));
            }
        }
        return new Table(
                "Candidate / baseline round trips"
                        + (provider
                                ? " (JCE provider " + candOptions.getOrDefault("jce.provider", "sun") + " vs "
                                        + baseOptions.getOrDefault("jce.provider", "sun") + ")"
                                : ""),
                List.of("scenario", "data", "candidate / baseline [95 % interval]", "paper"),
                rows,
                List.of(
                        "First repetition of each side, interval from its batches; wirecost diff compares all repetitions."));
    }
}
