package io.wirecost.report;

import io.wirecost.report.paper.PaperTable;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Bytes per call by operation, and the relative sizes beside seed 002's. */
public final class MessageSizeTables {

    private MessageSizeTables() {}

    /** Bytes per call (request / response TCP payload, averaged over the measured calls), by operation. */
    public static Table messageSizes(List<ScenarioResult> results) {
        List<String> header = new ArrayList<>(List.of("operation"));
        List<ScenarioResult> measured =
                results.stream().filter(r -> !r.sizes().isEmpty()).toList();
        if (measured.isEmpty()) return Table.notMeasured("Message size per invocation", whyNotMeasured(results));
        for (ScenarioResult r : measured) header.add(Cells.label(r) + " req/resp");
        List<List<String>> rows = new ArrayList<>();
        if (!measured.isEmpty()) {
            for (io.wirecost.runner.MessageSize first : measured.get(0).sizes()) {
                List<String> row = new ArrayList<>(List.of(first.operation()));
                for (ScenarioResult r : measured) {
                    row.add(r.size(first.operation())
                            .map(m -> String.format(Locale.ROOT, "%.0f / %.0f", m.requestBytes(), m.responseBytes()))
                            .orElse("-"));
                }
                rows.add(row);
            }
            List<String> packets = new ArrayList<>(List.of("TCP segments per call"));
            for (ScenarioResult r : measured) {
                packets.add(String.format(
                        Locale.ROOT,
                        "%.1f",
                        r.sizes().stream()
                                .mapToDouble(io.wirecost.runner.MessageSize::packetsPerCall)
                                .average()
                                .orElse(0)));
            }
            rows.add(packets);
        }
        List<String> notes = new ArrayList<>();
        notes.add(
                "TCP payload bytes per call on the server's connections (HTTP headers and TLS records included; TCP/IP headers not).");
        for (ScenarioResult r : results)
            if (r.sizes().isEmpty()) notes.add(r.scenario() + ": message sizes " + r.sizesNote());
        return new Table("Message size per invocation, bytes (request / response)", header, rows, notes);
    }

    /** Why no scenario has sizes, once when the reason is the same for all (no tcpdump, no root). */
    static String whyNotMeasured(List<ScenarioResult> results) {
        List<String> why = results.stream()
                .map(r -> r.sizesNote().replaceFirst("^not measured:? ?", ""))
                .distinct()
                .toList();
        if (why.size() == 1) return "not measured" + (why.get(0).isEmpty() ? "" : ": " + why.get(0));
        return "not measured: "
                + String.join(
                        "; ",
                        results.stream()
                                .map(r -> r.scenario() + " " + r.sizesNote().replaceFirst("^not measured:? ?", ""))
                                .distinct()
                                .toList());
    }

    /** Relative message sizes beside seed 002's (SOAP ~4.3x JRMP, WS-Security ~6.9x SOAP, RMI-SSL ~1.08x RMI). */
    public static Table sizeFactors(List<ScenarioResult> results) {
        List<List<String>> rows = new ArrayList<>();
        for (String[] f : PaperTable.factors()) {
            if (!f[2].startsWith("message-size ")) continue;
            String ratio = f[2].substring("message-size ".length());
            for (String[] pair : SIZE_SCENARIOS.getOrDefault(ratio, new String[0][])) {
                Optional<Double> a = meanBytes(results, pair[0]);
                Optional<Double> b = meanBytes(results, pair[1]);
                if (a.isEmpty() || b.isEmpty()) continue;
                rows.add(List.of(
                        ratio,
                        pair[0] + " / " + pair[1],
                        String.format(Locale.ROOT, "%.2f", a.get() / b.get()),
                        f[4],
                        "seed " + f[0]));
            }
        }
        String title = "Relative message sizes, today vs seed 002 (request + response bytes, mean over the data types)";
        if (rows.isEmpty()) {
            return Table.notMeasured(
                    title,
                    results.stream().allMatch(r -> r.sizes().isEmpty())
                            ? whyNotMeasured(results)
                            : "no pair of the papers' scenarios with measured sizes in this run");
        }
        return new Table(title, List.of("ratio", "scenarios", "today", "paper", "paper source"), rows, List.of());
    }

    private static final Map<String, String[][]> SIZE_SCENARIOS = Map.of(
            // seed 002's web services were RPC/encoded; the literal service is shown too
            "SOAP/JRMP", new String[][] {{"ws-encoded", "rmi"}, {"ws-literal", "rmi"}},
            "WS-Security/SOAP", new String[][] {{"ws-security", "ws-literal"}},
            "RMI-SSL/RMI", new String[][] {{"rmi-ssl", "rmi"}});

    private static Optional<Double> meanBytes(List<ScenarioResult> results, String scenario) {
        return results.stream()
                .filter(r -> r.scenario().equals(scenario) && !r.sizes().isEmpty())
                .findFirst()
                .map(r -> r.sizes().stream()
                        .mapToDouble(io.wirecost.runner.MessageSize::totalBytes)
                        .average()
                        .orElse(0));
    }
}
