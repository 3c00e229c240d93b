package io.wirecost.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.ScenarioFacts;
import io.wirecost.runner.ScenarioResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Without tcpdump or root the size tables are one line each saying why, not empty grids. */
class MessageSizesTableTest {

    private static ScenarioResult unmeasured(String scenario, String sizesNote) {
        return new ScenarioResult(
                scenario,
                1,
                "",
                "ok",
                "",
                1.0,
                1200,
                List.of(new RttStatistics("int", 50.0, 5.0, 10.0, 1200, List.of())),
                List.of(),
                Map.of(),
                ScenarioFacts.NONE,
                Map.of(),
                Map.of(),
                List.of(),
                sizesNote,
                List.of(),
                Map.of());
    }

    @Test
    void noTcpdumpIsOneLineWithTheReasonOnce() {
        String why = "not measured: tcpdump is not installed (apt-get install tcpdump)";
        List<ScenarioResult> results =
                List.of(unmeasured("tcp", why), unmeasured("rmi", why), unmeasured("rmi-ssl", why));
        assertEquals(
                "Message size per invocation: not measured: tcpdump is not installed (apt-get install tcpdump)\n",
                MessageSizeTables.messageSizes(results).text());
        assertEquals(
                "Relative message sizes, today vs seed 002 (request + response bytes, mean over the data types): "
                        + "not measured: tcpdump is not installed (apt-get install tcpdump)\n",
                MessageSizeTables.sizeFactors(results).text());
        assertEquals(
                "### Message size per invocation\n\nnot measured: tcpdump is not installed (apt-get install tcpdump)\n\n",
                MessageSizeTables.messageSizes(results).markdown());
    }

    @Test
    void differentReasonsAreNamedPerScenario() {
        List<ScenarioResult> results = List.of(
                unmeasured("tcp", "not measured (--size-calls 0)"),
                unmeasured("rmi", "not measured: capturing loopback traffic needs root (or CAP_NET_RAW for tcpdump)"));
        assertEquals(
                "Message size per invocation: not measured: tcp (--size-calls 0); "
                        + "rmi capturing loopback traffic needs root (or CAP_NET_RAW for tcpdump)\n",
                MessageSizeTables.messageSizes(results).text());
    }
}
