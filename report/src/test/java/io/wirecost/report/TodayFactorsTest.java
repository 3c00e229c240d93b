package io.wirecost.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.runner.MessageSize;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Today's factors on hand-made results with known answers: a scenario twice as slow as its reference in
 * every measurement is 2.00 with an interval around 2, sizes give the ratio of mean bytes, and pairs
 * missing from the run are left out. Today's scenarios are marked "today only" in the shared tables.
 */
class TodayFactorsTest {

    private static final List<String> TYPES =
            List.of("int", "short", "long", "float", "double", "boolean", "byte", "string");

    /** Kept measurements around {@code micros} with a small spread, the same for every type. */
    private static ScenarioResult result(String name, double micros, double bytesPerCall) {
        List<RttStatistics> rtt = new ArrayList<>();
        List<MessageSize> sizes = new ArrayList<>();
        for (String t : TYPES) {
            long[] nanos = new long[12];
            for (int i = 0; i < nanos.length; i++) nanos[i] = Math.round(micros * 1000 * 100 * (1 + 0.01 * (i % 4)));
            rtt.add(RttStatistics.of(t, nanos, 100));
            double extra = t.equals("string") ? 64 : 0;
            sizes.add(new MessageSize(t, 50, bytesPerCall / 2, bytesPerCall / 2 + extra, 0, 0, 4));
        }
        return TestRuns.scenario(name, rtt, sizes, "tcpdump", Map.of(), Map.of());
    }

    @Test
    void factorsWithIntervals() {
        Table t = TodayFactors.table(List.of(
                result("rmi", 50, 400),
                result("grpc", 100, 200),
                result("rest-json", 150, 600),
                result("ws-literal", 300, 1200)));
        List<String> grpcPrimitives = t.rows().stream()
                .filter(r -> r.get(0).equals("gRPC/RMI") && r.get(2).equals("primitives-geomean"))
                .findFirst()
                .orElseThrow();
        assertEquals("2.00", grpcPrimitives.get(3));
        String[] ci = grpcPrimitives.get(4).split(" to ");
        assertTrue(Double.parseDouble(ci[0]) <= 2.0 && Double.parseDouble(ci[1]) >= 2.0, grpcPrimitives.toString());
        assertTrue(
                Double.parseDouble(ci[1]) - Double.parseDouble(ci[0]) < 0.1,
                "equal spreads give a narrow interval: " + grpcPrimitives);
        assertTrue(t.rows().stream()
                .anyMatch(r -> r.get(0).equals("REST/WS-literal")
                        && r.get(2).equals("string")
                        && r.get(3).equals("0.50")));
        List<String> json = t.rows().stream()
                .filter(r -> r.get(0).equals("JSON/XML message size"))
                .findFirst()
                .orElseThrow();
        assertEquals(String.format(java.util.Locale.ROOT, "%.2f", (600 + 8.0) / (1200 + 8.0)), json.get(3));
        // rest-json-h2 and grpc-tls are not in the run: their rows are left out
        assertTrue(t.rows().stream()
                .noneMatch(r -> r.get(1).contains("rest-json-h2") || r.get(1).contains("grpc-tls")));
    }

    /** A run with no pair to compare says so in one line, as other tables do, rather than print an empty grid. */
    @Test
    void aRunWithoutAPairSaysSoInOneLine() {
        List<ScenarioResult> papersOnly = List.of(result("rmi", 50, 400), result("rmi-ssl", 60, 500));
        assertEquals(
                "Today's factors, no paper column (>1: A slower or larger than B; 95 % interval): no pair of today's"
                        + " transports (grpc, grpc-tls, rest-json, rest-json-h2) in this run\n",
                TodayFactors.table(papersOnly).text());
        List<ScenarioResult> todayOnly = List.of(result("grpc", 100, 200));
        assertEquals(
                "Factors, today vs the papers (>1: slower or costlier than the reference; 95 % intervals in brackets):"
                        + " no pair of the papers' scenarios in this run\n",
                FactorTables.factors(todayOnly).text());
    }

    @Test
    void todaysScenariosAreMarkedInTheSharedTables() {
        Table rtt = RoundTripTable.roundTrips(List.of(result("rmi", 50, 400), result("grpc", 100, 200)));
        assertEquals(List.of("operation", "rmi", "grpc (today only)"), rtt.header());
    }
}
