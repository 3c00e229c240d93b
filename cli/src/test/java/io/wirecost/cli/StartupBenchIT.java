package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code wirecost bench startup} for real, kept short (rmi's server, two rounds): real server JVMs started with and
 * without the agent, a row for the reference and one per setting, each setting's ratios inside their intervals. The
 * figures themselves are a benchmark's (docs/RESULTS.md), not asserted here.
 */
class StartupBenchIT {

    private static final Pattern ROW = Pattern.compile(
            "^(\\S+(?: agent)?)\\s+(\\d+)\\s+(-|([0-9.]+) \\[([0-9.]+), ([0-9.]+)\\])\\s+(\\d+)\\s+(-|([0-9.]+) \\[([0-9.]+), ([0-9.]+)\\])$");

    @Test
    void printsTheReferenceAndEachSettingWithItsIntervals() throws Exception {
        CliProcess.Outcome o = CliProcess.run(
                "bench", "startup", "--scenario", "rmi", "--rounds", "2", "--settings", "async-10ms,jfr-10ms");
        assertEquals(0, o.exit(), o.err());
        List<Matcher> rows =
                o.stdout().lines().map(ROW::matcher).filter(Matcher::matches).toList();
        assertEquals(3, rows.size(), o.stdout());
        assertEquals(
                List.of("no agent", "async-10ms", "jfr-10ms"),
                rows.stream().map(m -> m.group(1)).toList(),
                o.stdout());
        assertEquals("-", rows.get(0).group(3), "the reference has no ratio: " + o.stdout());
        for (Matcher m : rows) {
            assertTrue(Integer.parseInt(m.group(2)) > 0, "a start takes time: " + m.group());
            assertTrue(Integer.parseInt(m.group(7)) > 0, "and CPU: " + m.group());
            if (m.group(4) == null) continue;
            for (int g : new int[] {4, 9}) {
                double est = Double.parseDouble(m.group(g));
                assertTrue(
                        Double.parseDouble(m.group(g + 1)) <= est && est <= Double.parseDouble(m.group(g + 2)),
                        "estimate inside its interval: " + m.group());
            }
        }
        assertTrue(o.stdout().contains("start=now"), "says how the agent ran: " + o.stdout());
    }

    @Test
    void aLiveSettingIsOneLineAndExitTwo() throws Exception {
        CliProcess.Outcome o = CliProcess.run("bench", "startup", "--settings", "async-10ms+otlp");
        assertEquals(2, o.exit(), o.err());
        assertEquals(1, o.stderr().size(), o.err());
        assertTrue(o.err().contains("'async-10ms+otlp'"), o.err());
    }
}
