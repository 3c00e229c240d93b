package io.wirecost.report;

import io.wirecost.report.paper.PaperTable;
import io.wirecost.runner.Estimate;
import io.wirecost.runner.Repetitions;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The factor pairs present in a run: scenario pair, operation, today's estimates and the paper's figure. */
record Factor(
        String ratio,
        String operation,
        String scenarioA,
        String scenarioB,
        Optional<Estimate> rtt,
        Optional<Estimate> cpu,
        String paper,
        String source) {

    static List<Factor> of(List<ScenarioResult> all, List<Repetitions.Figure> rtt, List<Repetitions.Figure> cpu) {
        List<Factor> out = new ArrayList<>();
        for (String[] f : PaperTable.factors()) {
            // source,setting,ratio,data,factor
            String[] pair = FACTOR_SCENARIOS.get(f[2]);
            if (pair == null || !f[1].startsWith("local") || f[2].startsWith("message-size")) continue;
            String op = f[3].startsWith("string") ? "string" : "primitives-geomean";
            Optional<Estimate> r = ratio(rtt, pair, op, "client");
            Optional<Estimate> c = ratio(cpu, pair, op, "all");
            if (r.isEmpty() && c.isEmpty()) continue;
            out.add(new Factor(
                    f[2], op, pair[0], pair[1], r, c, f[4], "seed " + f[0] + " (" + f[1] + ", " + f[3] + ")"));
        }
        return out;
    }

    private static Optional<Estimate> ratio(List<Repetitions.Figure> figures, String[] pair, String op, String role) {
        Optional<Repetitions.Figure> a = Repetitions.find(figures, pair[0], op, role);
        Optional<Repetitions.Figure> b = Repetitions.find(figures, pair[1], op, role);
        if (a.isEmpty() || b.isEmpty()) return Optional.empty();
        return Optional.of(a.get().estimate().ratio(b.get().estimate()));
    }

    double paperFactor() {
        return Double.parseDouble(paper);
    }

    private static final Map<String, String[]> FACTOR_SCENARIOS = Map.of(
            "RMI-SSL/RMI", new String[] {"rmi-ssl", "rmi"},
            "WS/RMI", new String[] {"ws-literal", "rmi"},
            "HTTP-to-port/RMI", new String[] {"http-to-port", "rmi"},
            "HTTP-to-servlet/RMI", new String[] {"http-to-servlet", "rmi"},
            "WS-Security/WS", new String[] {"ws-security", "ws-literal"},
            "WS-literal/WS-encoded", new String[] {"ws-literal", "ws-encoded"});
}
