package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wirecost model --quick} on tcp and rmi for real: every point measured, fits with R², ratios beside seed 003. */
class ModelIT {

    @TempDir
    Path tmp;

    @Test
    void quickSweepFitsAndPrintsRatios() throws Exception {
        Path out = tmp.resolve("model");
        assertEquals(0, Main.execute("model", "--quick", "--scenarios", "tcp,rmi", "--out", out.toString()));
        List<String> csv = Files.readAllLines(out.resolve("model.csv"));
        assertEquals(1 + 2 * 3 * 3, csv.size(), "2 scenarios x 3 levels x 3 sizes: " + csv);
        JsonNode json = new ObjectMapper().readTree(out.resolve("model.json").toFile());
        for (String s : List.of("tcp", "rmi")) {
            JsonNode f = json.get("fits").get(s);
            assertEquals(9, f.get("points").asInt());
            assertTrue(f.get("r2").asDouble() <= 1.0 && f.get("r2Origin").asDouble() <= 1.0, f.toString());
            assertTrue(f.get("kOrigin").asDouble() > 0, "latency grows with CL x NI: " + f);
            assertTrue(
                    json.get("ratios").get(s).asDouble() >= 1.0,
                    json.get("ratios").toString());
        }
        // K with its interval in each fit, and the slower scenario's ratio to the faster with its interval around it
        for (String s : List.of("tcp", "rmi")) {
            JsonNode f = json.get("fits").get(s);
            assertTrue(
                    f.get("kCiLow").asDouble() < f.get("k").asDouble()
                            && f.get("k").asDouble() < f.get("kCiHigh").asDouble(),
                    f.toString());
        }
        assertEquals(1, json.get("ratio_intervals").size(), json.toString());
        json.get("ratio_intervals").fields().forEachRemaining(e -> {
            double r = json.get("ratios").get(e.getKey()).asDouble();
            assertTrue(
                    e.getValue().get("ci_low").asDouble() < r
                            && r < e.getValue().get("ci_high").asDouble(),
                    e.toString());
        });
        String md = Files.readString(out.resolve("table.md"));
        assertTrue(md.contains("R²") && md.contains("K ratios") && md.contains("today [95 %]"), md);
        assertTrue(md.contains("SOAP+HTTP/Binary+TCP") && md.contains("| 18 |"), "seed 003's ratio printed: " + md);
    }

    @Test
    void anUnknownScenarioIsOneLine() throws Exception {
        String err = oneLineUsageError(
                "--quick",
                "--scenarios",
                "rmi-over-pigeons",
                "--out",
                tmp.resolve("x").toString());
        assertTrue(err.contains("unknown scenario 'rmi-over-pigeons'"), err);
        assertTrue(err.contains("or all, papers, today"), "names the sets too: " + err);
    }

    /** The sets run takes name scenarios here too: the levels are checked next, so no JVM starts. */
    @Test
    void takesRunsSetsOfScenarios() throws Exception {
        String err = oneLineUsageError(
                "--scenarios",
                "today,papers",
                "--levels",
                "0",
                "--out",
                tmp.resolve("y").toString());
        assertTrue(err.contains("--levels must be 1 to 500"), "the sets passed: " + err);
    }

    /** {@code model ARGS} in its own process: exit 2 and one line on stderr, returned. */
    private static String oneLineUsageError(String... args) throws Exception {
        String[] all = new String[args.length + 1];
        all[0] = "model";
        System.arraycopy(args, 0, all, 1, args.length);
        CliProcess.Outcome o = CliProcess.run(all);
        assertEquals(2, o.exit(), o.err());
        assertEquals(1, o.stderr().size(), o.err());
        return o.err();
    }
}
