package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code wirecost bench overhead} for real, kept short (small blocks, the minimum of 10 pairs): real
 * scenario JVMs, the agent started and stopped through its MBean, and a table row per setting whose
 * interval contains its estimate. The figures themselves are a benchmark's (docs/RESULTS.md), not
 * asserted here.
 */
class OverheadBenchIT {

    private static final Pattern ROW =
            Pattern.compile("^(\\S+)\\s+([0-9.]+)\\s+(\\d+)\\s+([+-][0-9.]+) %\\s+([+-][0-9.]+) to ([+-][0-9.]+) %$");

    @Test
    void printsOneRowPerSettingWithItsInterval() throws Exception {
        CliProcess.Outcome o = CliProcess.run(
                "bench",
                "overhead",
                "--settings",
                "async-10ms,jfr-10ms",
                "--calls-per-block",
                "300",
                "--max-pairs",
                "10",
                "--budget",
                "1m");
        assertEquals(0, o.exit(), o.err());
        List<String> rows =
                o.stdout().lines().filter(l -> ROW.matcher(l).matches()).toList();
        assertEquals(2, rows.size(), o.stdout());
        for (String r : rows) {
            Matcher m = ROW.matcher(r);
            assertTrue(m.matches());
            assertTrue(Double.parseDouble(m.group(2)) > 0, "off time per call: " + r);
            assertEquals(10, Integer.parseInt(m.group(3)), "pairs: " + r);
            double est = Double.parseDouble(m.group(4));
            assertTrue(
                    Double.parseDouble(m.group(5)) <= est && est <= Double.parseDouble(m.group(6)),
                    "estimate inside its interval: " + r);
        }
        assertTrue(rows.get(0).startsWith("async-10ms") && rows.get(1).startsWith("jfr-10ms"), o.stdout());
        assertTrue(o.stdout().contains("itimer, 10 ms"), "names the agent's default: " + o.stdout());
    }

    @Test
    void aBadSettingIsOneLineAndExitTwo() throws Exception {
        CliProcess.Outcome o = CliProcess.run("bench", "overhead", "--settings", "async-perf-10ms");
        assertEquals(2, o.exit(), o.err());
        assertEquals(1, o.stderr().size(), o.err());
        assertTrue(o.err().contains("'async-perf-10ms'"), o.err());
    }
}
