package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One quick rmi run with {@code --profile cpu,alloc,lock}: real server and client JVMs, async-profiler
 * recording allocations and locks beside CPU samples through the agent, and the companion tables the
 * run writes from them.
 */
class AllocLockRunIT {

    @TempDir
    static Path tmp;

    static Path out;
    static int exit;
    static JsonNode rmi;

    @BeforeAll
    static void runOnce() throws Exception {
        RunOutput run = RunOutput.of(
                tmp.resolve("run"),
                "run",
                "--quick",
                "--scenarios",
                "rmi",
                "--profiler",
                "async",
                "--profile",
                "cpu,alloc,lock");
        out = run.dir();
        exit = run.exit();
        rmi = run.scenario("rmi");
    }

    @Test
    void serializationAllocatesBytesInTheAllocationTable() {
        assertEquals(0, exit, "exit status");
        assertEquals("ok", rmi.get("status").asText(), rmi.get("error").asText());
        Map<String, Long> bytes = new HashMap<>();
        for (JsonNode e : rmi.get("companions").get("alloc").get("middleware_percent")) {
            bytes.put(e.get("category").asText(), e.get("samples").asLong());
        }
        // every RMI call serializes its arguments and deserializes its result: both sides allocate for it
        assertTrue(bytes.get("serialization-out") > 0, bytes.toString());
        assertTrue(bytes.get("serialization-in") > 0, bytes.toString());
        // a share of bytes carries the interval its events support: some width, around the share
        JsonNode in = null;
        for (JsonNode e : rmi.get("companions").get("alloc").get("middleware_percent"))
            if (e.get("category").asText().equals("serialization-in")) in = e;
        double p = in.get("percent").asDouble();
        double low = in.get("ci_low").asDouble();
        double high = in.get("ci_high").asDouble();
        assertTrue(low < p && p < high && high - low > 0.5, "serialization-in " + p + " [" + low + ", " + high + "]");
        assertTrue(
                rmi.get("companions").get("alloc").get("events").asText().contains("jdk.ObjectAllocation"),
                rmi.get("companions").get("alloc").get("events").asText());
    }

    @Test
    void theLockTableReadsBothProcessesRecordings() {
        JsonNode lock = rmi.get("companions").get("lock");
        assertEquals(2, lock.get("recordings").size(), "client and server");
        assertTrue(
                lock.get("events").asText().startsWith("lock ns: async-profiler"),
                lock.get("events").asText());
    }

    @Test
    void tableMarkdownAndReportShowBothTables() throws Exception {
        String md = Files.readString(out.resolve("table.md"));
        String html = Files.readString(out.resolve("report.html"));
        for (String title : new String[] {"Allocation by category", "Lock time by category"}) {
            assertTrue(md.contains(title), title + " in table.md");
            assertTrue(html.contains(title), title + " in report.html");
        }
        assertTrue(md.contains("| Serialization"), "a Serialization row in table.md");
    }

    @Test
    void theAgentSaysWhatItRecorded() {
        assertTrue(
                rmi.get("profilers").get("server").asText().contains("alloc=512k,lock=10us"),
                rmi.get("profilers").toString());
    }
}
