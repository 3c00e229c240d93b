package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 000/002's provider comparison: rmi-ssl with the JDK's providers as baseline and Bouncy Castle as
 * candidate, in one run. The provider is read back from each running JVM, not assumed, and the factor
 * table prints bc/sun beside the paper's 1.15.
 */
class JceProviderIT {

    @TempDir
    Path tmp;

    @Test
    void sunAgainstBouncyCastleIsOneRunAndEachSideReportsItsProvider() throws Exception {
        Path out = tmp.resolve("jce");
        CliProcess.Outcome o = CliProcess.run(
                "run",
                "--quick",
                "--scenarios",
                "rmi-ssl",
                "--warmup",
                "300",
                "--profiler",
                "none",
                "--size-calls",
                "0",
                "--jce-provider",
                "sun",
                "--candidate-jce-provider",
                "bc",
                "--out",
                out.toString());
        assertEquals(0, o.exit(), o.err());
        assertTrue(o.stdout().contains("JCE provider bc vs sun") && o.stdout().contains("1.15"), o.stdout());
        for (String side : new String[] {"baseline", "candidate"}) {
            JsonNode r = new ObjectMapper()
                    .readTree(out.resolve(side).resolve("results.json").toFile());
            JsonNode s = r.get("scenarios").get(0);
            assertEquals("ok", s.get("status").asText(), side + ": " + s.get("error"));
            for (String role : new String[] {"client", "server"}) {
                String facts = s.get("facts").get(role).get("scenario").toString();
                String want = side.equals("baseline") ? "\"jce.provider\":\"sun\"" : "\"jce.provider\":\"bc\"";
                assertTrue(facts.contains(want), side + " " + role + ": " + facts);
                if (side.equals("candidate"))
                    assertTrue(facts.contains("\"jce.firstProvider\":\"BC\""), role + ": " + facts);
            }
        }
    }

    @Test
    void anUnknownProviderIsOneLine() throws Exception {
        CliProcess.Outcome o = CliProcess.run(
                "run",
                "--quick",
                "--scenarios",
                "rmi-ssl",
                "--jce-provider",
                "iaik",
                "--out",
                tmp.resolve("x").toString());
        assertEquals(2, o.exit(), o.err());
        assertEquals(1, o.stderr().size(), o.err());
        assertTrue(o.err().contains("--jce-provider must be sun or bc, got 'iaik'"), o.err());
    }
}
