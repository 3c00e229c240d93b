package io.wirecost.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Apache Otava itself (PyPI apache-otava, in a virtualenv under target/ that this test makes) and wirecost's
 * E-divisive on the same series at the same settings find the same change points with the same p-values: on
 * synthetic series with known steps, and on the CPU per call and round trips of real stored quick runs
 * (src/test/resources/series/).
 */
class OtavaCrossCheckIT {

    static final String OTAVA = "apache-otava==0.8.0";

    private static Path python;

    @BeforeAll
    static void otava() throws Exception {
        Path venv = Path.of("target/otava-venv");
        Path py = venv.resolve("bin/python");
        if (!Files.isExecutable(py) || exec(List.of(py.toString(), "-c", "import otava.analysis"), 60) != 0) {
            int made = exec(List.of("python3", "-m", "venv", "--clear", venv.toString()), 300);
            int installed = made != 0
                    ? made
                    : exec(
                            List.of(py.toString(), "-m", "pip", "install", "-q", "--disable-pip-version-check", OTAVA),
                            900);
            String why = "Apache Otava could not be installed (python3 -m venv, then pip install " + OTAVA
                    + "; see target/otava-install.log)";
            if (installed != 0 && System.getenv("CI") != null) fail(why);
            assumeTrue(installed == 0, why);
        }
        python = py;
    }

    private static int exec(List<String> cmd, int seconds) throws Exception {
        Path log = Path.of("target/otava-install.log");
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }

    /** Otava's change points of each series: index and p-value. */
    private static JsonNode otava(List<double[]> series, int window, double maxP, double minMagnitude)
            throws Exception {
        ObjectMapper om = new ObjectMapper();
        ObjectNode req = om.createObjectNode()
                .put("window", window)
                .put("max_pvalue", maxP)
                .put("min_magnitude", minMagnitude);
        ArrayNode all = req.putArray("series");
        for (double[] s : series) {
            ArrayNode a = all.addArray();
            for (double v : s) a.add(v);
        }
        Path request = Files.createTempFile(Path.of("target"), "otava", ".json");
        Path script = Files.createTempFile(Path.of("target"), "otava", ".py");
        try {
            om.writeValue(request.toFile(), req);
            try (var in = OtavaCrossCheckIT.class.getResourceAsStream("otava_change_points.py")) {
                Files.write(script, in.readAllBytes());
            }
            Process p = new ProcessBuilder(python.toString(), script.toString(), request.toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            byte[] out = p.getInputStream().readAllBytes();
            assertTrue(p.waitFor(300, TimeUnit.SECONDS), "Otava finished");
            assertEquals(0, p.exitValue(), new String(out));
            return om.readTree(out);
        } finally {
            Files.deleteIfExists(request);
            Files.deleteIfExists(script);
        }
    }

    /** Both find the same indices; the p-values agree to rounding. Returns wirecost's change points. */
    private static List<List<Integer>> assertSame(
            List<String> names, List<double[]> series, int window, double maxP, double minMagnitude) throws Exception {
        JsonNode theirs = otava(series, window, maxP, minMagnitude);
        EDivisive ours = new EDivisive(window, maxP, minMagnitude);
        List<List<Integer>> found = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            List<EDivisive.ChangePoint> cps = ours.changePoints(series.get(i));
            List<Integer> mine = cps.stream().map(EDivisive.ChangePoint::index).toList();
            List<Integer> otava = new ArrayList<>();
            theirs.get(i).forEach(c -> otava.add(c.path("index").asInt()));
            String where =
                    names.get(i) + " (window " + window + ", max p " + maxP + ", magnitude " + minMagnitude + ")";
            assertEquals(otava, mine, where);
            for (int k = 0; k < cps.size(); k++) {
                double p = theirs.get(i).get(k).path("pvalue").asDouble();
                assertEquals(p, cps.get(k).pValue(), 1e-9 + 1e-6 * p, where + " p-value at " + mine.get(k));
                assertEquals(
                        theirs.get(i).get(k).path("mean_after").asDouble(),
                        cps.get(k).meanAfter(),
                        1e-9,
                        where);
            }
            found.add(mine);
        }
        return found;
    }

    @Test
    void syntheticSeriesWithKnownSteps() throws Exception {
        Random r = new Random(48);
        List<String> names = new ArrayList<>();
        List<double[]> series = new ArrayList<>();
        int withChange = 0;
        for (int k = 0; k < 60; k++) {
            int n = new int[] {8, 15, 30, 60, 120}[k % 5];
            double noise = new double[] {0.005, 0.02, 0.05}[k % 3];
            List<Integer> steps = new ArrayList<>();
            for (int s = 0; s < k % 3; s++) steps.add(2 + r.nextInt(n - 4));
            double level = 10;
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                if (steps.contains(i)) level *= r.nextBoolean() ? 1.1 : 0.85;
                v[i] = level * (1 + noise * r.nextGaussian());
            }
            withChange += steps.isEmpty() ? 0 : 1;
            names.add("series " + k + " (n " + n + ", noise " + noise + ", steps at " + steps + ")");
            series.add(v);
        }
        int found = 0;
        for (List<Integer> cps : assertSame(names, series, 50, 0.001, 0)) found += cps.isEmpty() ? 0 : 1;
        assertTrue(found > 0 && withChange > 0, "some series have change points, so the comparison compares something");
        assertSame(names, series, 20, 0.01, 0.05);
        assertSame(names, series, 10, 0.05, 0);
    }

    @Test
    void realStoredRuns() throws Exception {
        Map<String, double[]> real = RealSeries.read();
        assertTrue(real.size() >= 20 && real.values().stream().allMatch(v -> v.length >= 10), "the fixture's series");
        List<String> names = new ArrayList<>(real.keySet());
        List<double[]> series = new ArrayList<>(real.values());
        assertSame(names, series, 50, 0.001, 0);
        assertSame(names, series, 20, 0.01, 0.05);
        assertSame(names, series, 5, 0.05, 0);
    }
}
