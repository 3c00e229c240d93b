package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --clients 4 on rmi for real: every concurrent call succeeds, percentiles are present and ordered. */
class ConcurrencyIT {

    @TempDir
    Path tmp;

    @Test
    void fourClientsEachWithTheirOwnConnection() throws Exception {
        Path out = tmp.resolve("run");
        int exit = Main.execute(
                "run",
                "--quick",
                "--scenarios",
                "rmi",
                "--clients",
                "4",
                "--payload",
                "ints-100",
                "--warmup",
                "200",
                "--size-calls",
                "0",
                "--profiler",
                "none",
                "--out",
                out.toString());
        assertEquals(0, exit);
        JsonNode s = new ObjectMapper()
                .readTree(out.resolve("results.json").toFile())
                .get("scenarios")
                .get(0);
        assertEquals("ok", s.get("status").asText(), s.get("error").asText());
        // single client: 200 warm-up + 12 x 100 timed; 12 instantiations; 4 clients x (50 untimed + 100 timed)
        assertEquals(
                200 + 12 * 100 + 12 + 4 * 150 + RunOutput.retimedCalls(s),
                s.get("calls_succeeded").asLong());
        JsonNode c = s.get("facts").get("concurrency").get(0);
        assertEquals("ints-100", c.get("operation").asText());
        assertEquals(4, c.get("clients").asInt());
        assertEquals(400, c.get("calls").asLong(), "every timed call recorded");
        double p50 = c.get("p50_micros").asDouble(), p90 = c.get("p90_micros").asDouble();
        double p99 = c.get("p99_micros").asDouble(), max = c.get("max_micros").asDouble();
        assertTrue(p50 > 0 && p50 <= p90 && p90 <= p99 && p99 <= max, c.toString());
        assertTrue(c.get("throughput_per_second").asDouble() > 0, c.toString());
        assertTrue(Files.readString(out.resolve("table.md")).contains("Concurrent clients"));
    }

    @Test
    void badClientCountIsOneLine() throws Exception {
        CliProcess.Outcome o = CliProcess.run(
                "run",
                "--quick",
                "--scenarios",
                "rmi",
                "--clients",
                "0",
                "--out",
                tmp.resolve("x").toString());
        assertEquals(2, o.exit(), o.err());
        assertEquals(1, o.stderr().size(), o.err());
        assertTrue(o.err().contains("--clients must be 1 to 500"), o.err());
    }
}
