package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CPU per request's ground truth (issue 49): two short runs of grpc and rest-json recording request boundaries
 * ({@code --profile cpu,endpoints}), the second injecting a known CPU cost into one operation
 * ({@code inject.operation=string}); {@code attribute --by endpoint} must find it on that operation's endpoint
 * (its CPU per request up by the injected amount, within 25 % or 3 µs) and nowhere else (every other endpoint
 * within the same tolerance of its figure before), and the run's report must show the endpoints. The warm-up as
 * TodayTransportsIT's, and the profiled calls per operation (REPS x INVOCATIONS) the fewest that keep the sampling
 * error well inside the tolerance: four JVM pairs in all.
 */
class EndpointGroundTruthIT {

    static final int WARMUP = 300;
    static final int INVOCATIONS = 100;

    /**
     * Batches per type: the profiled pass's calls (REPS x INVOCATIONS per operation) set its sampling error, and each
     * batch boundary costs both JVMs the harness's work whatever its calls, so these calls come in half the method's
     * 12 batches, each of twice the calls.
     */
    static final int REPS = 6;

    /**
     * The injected CPU per call: large beside the sampling error of the profiled pass's calls (REPS x INVOCATIONS
     * per operation, sampled every ms of CPU: hundreds of samples injected, tens to a hundred without) and beside
     * how far an endpoint's figure moves between two runs of a loaded machine, so that 25 % of it tells the
     * injected endpoint from the others; small enough to keep the runs short.
     */
    static final int INJECTED_CPU_US = 1000;

    @TempDir
    static Path tmp;

    /**
     * Ground truth of CPU per request by endpoint, on gRPC (a call in several callbacks on the server's executor)
     * and JAX-RS (one resource method): the injected operation's endpoint costs the injected CPU more per request
     * than in the baseline run (within 25 % or 3 µs, whichever is larger), every other endpoint what it cost there
     * (the two runs' 95 % intervals overlap).
     */
    @Test
    void anInjectedOperationCostsItsEndpointTheInjectedCpuAndNoOtherEndpointAnything() throws Exception {
        Path base = endpointsRun("baseline");
        Path injected = endpointsRun(
                "injected",
                "--scenario-option",
                "inject.operation=string",
                "--scenario-option",
                "inject.cpu-us=" + INJECTED_CPU_US);
        Map<String, String> target =
                Map.of("grpc", "wirecost.rtt.RttTester/ReturnRttForString", "rest-json", "GET /rtt/string");
        StringBuilder report = new StringBuilder();
        for (String scenario : List.of("grpc", "rest-json")) {
            Map<String, double[]> before = endpointCosts(base, scenario);
            Map<String, double[]> after = endpointCosts(injected, scenario);
            report.append(scenario)
                    .append(": before ")
                    .append(show(before))
                    .append("; after ")
                    .append(show(after))
                    .append(" | ");
            assertEquals(8, before.size(), scenario + ": one endpoint per operation, " + report);
            assertEquals(before.keySet(), after.keySet(), report.toString());
            for (Map.Entry<String, double[]> e : before.entrySet()) {
                double[] b = e.getValue();
                double[] a = after.get(e.getKey());
                // the profiled pass's calls, each once: a gRPC call's callbacks are one request
                assertEquals(REPS * INVOCATIONS, b[3], e.getKey() + ": requests in the baseline, " + report);
                assertEquals(REPS * INVOCATIONS, a[3], e.getKey() + ": requests injected, " + report);
                if (e.getKey().equals(target.get(scenario))) {
                    double rise = a[0] - b[0];
                    assertEquals(
                            INJECTED_CPU_US,
                            rise,
                            Math.max(0.25 * INJECTED_CPU_US, 3),
                            scenario + " " + e.getKey() + " rose by " + rise + " µs per request: " + report);
                } else {
                    // not the injection's endpoint: it moved by far less than the injection. Its 95 % interval
                    // covers the sampling alone; between two runs on a loaded machine an endpoint's figure moved
                    // beyond it (rest-json's by up to 40 %, docs/RESULTS.md), so "unchanged" is tested against
                    // the same tolerance as the injected endpoint's rise, which tells the two apart
                    assertEquals(
                            0,
                            a[0] - b[0],
                            Math.max(0.25 * INJECTED_CPU_US, 3),
                            scenario + " " + e.getKey() + " moved by " + (a[0] - b[0]) + " µs per request: " + report);
                }
            }
        }
        // the figures, for the record (docs/RESULTS.md): CPU µs per request [95 % interval] and requests
        System.out.println("EndpointGroundTruthIT: " + report);
        reportShowsCpuPerRequestByEndpoint(base);
        assertTrue(Files.readString(injected.resolve("endpoints.csv")).contains("grpc,1,wirecost.rtt.RttTester/"));
    }

    /** A run of grpc and rest-json recording request boundaries, with the main run's counts and these options. */
    private static Path endpointsRun(String name, String... options) throws Exception {
        Path dir = tmp.resolve(name);
        List<String> args = new java.util.ArrayList<>(List.of(
                "run",
                "--quick",
                "--warmup",
                String.valueOf(WARMUP),
                "--invocations",
                String.valueOf(INVOCATIONS),
                "--reps",
                String.valueOf(REPS),
                "--scenarios",
                "grpc,rest-json",
                "--profiler",
                "async",
                "--profile",
                "cpu,endpoints",
                "--out",
                dir.toString()));
        args.addAll(List.of(options));
        assertEquals(0, Main.execute(args.toArray(String[]::new)), name + " run's exit status");
        return dir;
    }

    private static void reportShowsCpuPerRequestByEndpoint(Path run) throws Exception {
        String html = Files.readString(run.resolve("report.html"));
        assertTrue(html.contains("<section id=\"endpoints\"><h2>By endpoint</h2>"), "report.html's endpoint table");
        for (String endpoint : List.of("wirecost.rtt.RttTester/ReturnRttForString", "GET /rtt/string")) {
            assertTrue(html.contains(endpoint), endpoint + " in report.html");
        }
        String table = Files.readString(run.resolve("table.md"));
        assertTrue(table.contains("CPU per request by endpoint"), "table.md's endpoint table");
        assertTrue(table.contains("| grpc/server | wirecost.rtt.RttTester/ReturnRttForInt |"), "one row per endpoint");
        assertTrue(table.contains("not attributed to an endpoint"), "the share no request ran on");
    }

    /** endpoint -> {CPU µs per request, CI low, CI high, requests} for the whole cost, of the scenario's server. */
    private static Map<String, double[]> endpointCosts(Path run, String scenario) throws Exception {
        Map<String, double[]> costs =
                EndpointCsv.costs(run.resolve("recordings").resolve(scenario + "-server.jfr"));
        costs.remove(EndpointCsv.NOT_ATTRIBUTED);
        return costs;
    }

    private static String show(Map<String, double[]> costs) {
        return EndpointCsv.show(costs);
    }
}
