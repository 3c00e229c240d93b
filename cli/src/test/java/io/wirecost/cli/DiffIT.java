package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CI gate on real runs: an A/A comparison (the same configuration twice, interleaved) must report
 * no regression in at least 95 % of its lines; a candidate with a known injected regression (100 extra
 * SHA-256 digests per call on the server) must be flagged, with exit status 1.
 */
class DiffIT {

    @TempDir
    Path dir;

    private JsonNode runAndDiff(String name, String... candidate) throws Exception {
        Path out = dir.resolve(name);
        String[] base = {
            "run",
            "--quick",
            "--warmup",
            "2500",
            "--scenarios",
            "rmi",
            "--repeat",
            "3",
            "--interleave",
            "--out",
            out.toString()
        };
        String[] args = new String[base.length + candidate.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(candidate, 0, args, base.length, candidate.length);
        assertEquals(0, Main.execute(args), "run " + name);
        CliProcess.Outcome d = CliProcess.run(
                "diff",
                out.resolve("baseline").toString(),
                out.resolve("candidate").toString(),
                "--format",
                "json");
        JsonNode json = new ObjectMapper().readTree(d.stdout());
        assertEquals(
                json.get("regressions").asLong() > 0 ? 1 : 0, d.exit(), "exit status follows the verdicts: " + d.err());
        assertTrue(Files.exists(out.resolve("candidate/diff/rmi-server.html")), "differential flame graph");
        assertTrue(Files.readString(out.resolve("candidate/diff/diff.md")).contains("**wirecost diff**"));
        return json;
    }

    @Test
    void aaComparisonReportsNoRegressionInAtLeast95PercentOfLines() throws Exception {
        // the same JDK on both sides: a candidate in name only
        JsonNode j = runAndDiff("aa", "--candidate-java-home", System.getProperty("java.home"));
        long lines = j.get("lines").size();
        long regressions = j.get("regressions").asLong();
        assertTrue(lines > 40, "lines: " + lines);
        assertTrue(regressions <= 0.05 * lines, regressions + " regressions in " + lines + " A/A lines");
    }

    @Test
    void anInjectedCryptoRegressionIsFlagged() throws Exception {
        JsonNode j = runAndDiff("injected", "--candidate-scenario-option", "inject.sha256=100");
        assertTrue(j.get("regressions").asLong() > 0);
        boolean crypto = false;
        boolean rtt = false;
        for (JsonNode l : j.get("lines")) {
            if (!l.get("verdict").asText().equals("REGRESSION")) continue;
            // the whole call's shares gate (the server's are reported, not gating: they are part of it)
            crypto |= l.get("kind").asText().equals("share")
                    && l.get("metric").asText().equals("all/crypto");
            // the scenario's cost is judged on round trips or CPU per call, whichever was steadier (its primitives'
            // geometric mean)
            rtt |= l.get("kind").asText().equals("rtt")
                    || l.get("kind").asText().equals("cpu");
        }
        assertTrue(crypto, "the whole call's crypto share grew: " + j.get("lines"));
        assertTrue(rtt, "at least one round trip or CPU per call got slower");
    }
}
