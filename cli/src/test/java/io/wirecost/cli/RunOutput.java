package io.wirecost.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@code wirecost run} of an integration test and the files it wrote, read as every such test reads them:
 * results.json, and shares.csv as {@code scenario/role/category -> percent}.
 */
record RunOutput(int exit, JsonNode results, Map<String, Double> shares, Path dir) {

    /** Runs {@code wirecost ARGS --out DIR} in this JVM and reads what it wrote. */
    static RunOutput of(Path dir, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--out", dir.toString()));
        int exit = Main.execute(all.toArray(new String[0]));
        JsonNode results =
                new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        Map<String, Double> shares = new HashMap<>();
        // a run without a profiler writes no shares
        List<String> lines = Files.exists(dir.resolve("shares.csv"))
                ? Files.readAllLines(dir.resolve("shares.csv"))
                : List.of("header");
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            shares.put(f[0] + "/" + f[1] + "/" + f[2], Double.parseDouble(f[3]));
        }
        return new RunOutput(exit, results, shares, dir);
    }

    /** results.json's scenarios by name, in the run's order. */
    Map<String, JsonNode> scenarios() {
        Map<String, JsonNode> byName = new LinkedHashMap<>();
        for (JsonNode s : results.get("scenarios")) byName.put(s.get("scenario").asText(), s);
        return byName;
    }

    JsonNode scenario(String name) {
        JsonNode s = scenarios().get(name);
        if (s == null) throw new AssertionError("no scenario " + name + " in results.json");
        return s;
    }

    JsonNode facts(String scenario, String role) {
        return scenario(scenario).get("facts").get(role).get("scenario");
    }

    long fact(String scenario, String role, String key) {
        JsonNode v = facts(scenario, role).get(key);
        if (v == null)
            throw new AssertionError(scenario + "/" + role + " has no fact '" + key + "': " + facts(scenario, role));
        return Long.parseLong(v.asText());
    }

    /**
     * Calls of timed passes the runner timed again because the host's speed moved under them: real calls, which
     * {@code calls_succeeded} counts, and which a test's count of the calls it asked for cannot foresee. Every scenario
     * that reached its timed pass writes the field, 0 where nothing was timed again.
     */
    static long retimedCalls(JsonNode scenario) {
        JsonNode n = scenario.get("facts").get("retimed_calls");
        if (n == null || !n.isIntegralNumber())
            throw new AssertionError("facts.retimed_calls missing: " + scenario.get("facts"));
        return n.asLong();
    }

    double geomean(String scenario) {
        for (JsonNode r : scenario(scenario).get("rtt")) {
            if (r.get("operation").asText().equals("primitives-geomean"))
                return r.get("mean_micros").asDouble();
        }
        throw new AssertionError("no primitives-geomean for " + scenario);
    }
}
