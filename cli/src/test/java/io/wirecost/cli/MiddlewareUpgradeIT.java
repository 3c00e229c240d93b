package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.cli.common.Locations;
import io.wirecost.runner.ModuleClasspath;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate's first use case from a fresh clone: a Metro upgrade, baseline 4.0.4 against candidate
 * 4.0.5. Nothing of wirecost is installed in a local repository (the project's own modules come from
 * the reactor), and a stale classpath cache from an earlier failed resolution is not used.
 */
class MiddlewareUpgradeIT {

    @TempDir
    Path dir;

    private static final Path ROOT = Locations.projectRoot().toAbsolutePath().normalize();

    @Test
    void metroUpgradeRunsBothSidesWithoutInstallingWirecost() throws Exception {
        Path localRepo = Path.of(System.getProperty("user.home"), ".m2", "repository", "io", "wirecost");
        assertFalse(
                Files.exists(localRepo),
                "precondition: the local repository must hold no wirecost artifact, found " + localRepo);
        // what a failed resolution used to leave behind: a classpath without the harness or Metro
        ModuleClasspath v404 = new ModuleClasspath(ROOT, Map.of("metro.version", "4.0.4"));
        Path stale = ROOT.resolve("scenarios-ws/target/classpath-"
                + Integer.toHexString(v404.overrides().hashCode()) + ".txt");
        Files.writeString(
                stale, ROOT.resolve("scenarios-ws/target/classes") + File.pathSeparator + "/nonexistent/stale.jar");

        Path out = dir.resolve("upgrade");
        int exit = Main.execute(
                "run",
                "--scenarios",
                "ws-literal",
                "--quick",
                "--warmup",
                "300",
                "--set",
                "metro.version=4.0.4",
                "--candidate-set",
                "metro.version=4.0.5",
                "--out",
                out.toString());
        assertEquals(0, exit, "the upgrade run");
        for (String side : new String[] {"baseline", "candidate"}) {
            JsonNode r = new ObjectMapper()
                    .readTree(out.resolve(side).resolve("results.json").toFile());
            JsonNode s = r.get("scenarios").get(0);
            assertEquals("ok", s.get("status").asText(), side + ": " + s);
        }
        String cp404 = Files.readString(stale);
        assertTrue(cp404.contains("jaxws-rt-4.0.4.jar"), "baseline resolved Metro 4.0.4: " + cp404);
        assertTrue(
                cp404.contains(ROOT.resolve("scenarios/target/classes").toString()),
                "the harness from the reactor: " + cp404);
        assertFalse(cp404.contains("/io/wirecost/"), "nothing of wirecost from a local repository: " + cp404);
        assertFalse(Files.exists(localRepo), "the run installed wirecost into " + localRepo);
        CliProcess.Outcome d = CliProcess.run(
                "diff",
                out.resolve("baseline").toString(),
                out.resolve("candidate").toString(),
                "--no-flames");
        assertEquals(0, d.exit(), "one repetition a side: no verdict, exit 0: " + d.err());
        assertTrue(d.stdout().contains("no verdict: needs --repeat 3 or more"), d.stdout());
    }
}
