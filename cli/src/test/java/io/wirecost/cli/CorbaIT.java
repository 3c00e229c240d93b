package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The corba scenario for real: a JacORB server JVM (ORB, POA, in-process naming service) and a client
 * JVM, both under async-profiler, with --quick; then what the run wrote.
 */
class CorbaIT {

    @TempDir
    static Path tmp;

    static Path out;
    static int exit;
    static JsonNode corba;
    /** role/category -> percent, from shares.csv */
    static Map<String, Double> shares = new HashMap<>();

    @BeforeAll
    static void runOnce() throws Exception {
        RunOutput run = RunOutput.of(
                tmp.resolve("run"),
                "run",
                "--quick",
                "--warmup",
                "5000",
                "--scenarios",
                "corba",
                "--profiler",
                "async");
        out = run.dir();
        exit = run.exit();
        corba = run.scenario("corba");
        run.shares().forEach((key, percent) -> {
            assertTrue(key.startsWith("corba/"), key);
            shares.put(key.substring("corba/".length()), percent);
        });
    }

    @Test
    void everyCallSucceededAndWasChecked() {
        assertEquals(0, exit, "exit status");
        assertEquals("corba", corba.get("scenario").asText());
        assertEquals("ok", corba.get("status").asText(), corba.get("error").asText());
        // 8 types x (5000 warm-up + 12 x 100 timed + 12 x 100 profiled + 50 for message sizes)
        // + 12 naming lookups with a first call
        assertEquals(
                8L * (5_000 + 2 * 12 * 100 + 50) + 12 + RunOutput.retimedCalls(corba),
                corba.get("calls_succeeded").asLong());
        for (JsonNode r : corba.get("rtt")) assertTrue(r.get("mean_micros").asDouble() > 0, r.toString());
        assertTrue(corba.get("facts")
                .get("server")
                .get("scenario")
                .get("orb.version")
                .asText()
                .startsWith("JacORB 3.9"));
    }

    @Test
    void sharesSumToHundredPerRole() {
        Map<String, Double> sums = new HashMap<>();
        shares.forEach((k, v) -> sums.merge(k.substring(0, k.indexOf('/')), v, Double::sum));
        assertEquals(java.util.Set.of("client", "server", "all"), sums.keySet());
        sums.forEach((role, sum) -> assertEquals(100.0, sum, 0.15, role));
    }

    /** The ORB's own categories carry the time, and no RMI or Java serialization appears in a CORBA run. */
    @Test
    void orbAndGiopHaveTheirShareAndRmiNone() {
        for (String role : List.of("client", "server")) {
            assertTrue(
                    shares.get(role + "/giop") + shares.get(role + "/corba-orb") > 10,
                    role + ": giop " + shares.get(role + "/giop") + " %, corba-orb " + shares.get(role + "/corba-orb")
                            + " %");
        }
        assertTrue(shares.get("all/giop") > 0, "giop");
        assertTrue(shares.get("all/corba-orb") > 0, "corba-orb");
        assertEquals(0.0, shares.get("all/rmi-transport"), "rmi-transport");
        assertEquals(0.0, shares.get("all/serialization-out"), "serialization-out");
    }

    /** GIOP 1.2 on the wire: a Request header with the operation name, a Reply with the CDR-encoded value. */
    @Test
    void messageSizesAreMeasuredForEveryType() throws Exception {
        Map<String, String[]> rows = new HashMap<>();
        for (String l : Files.readAllLines(out.resolve("sizes.csv"))) {
            String[] f = l.split(",");
            if (f[0].equals("corba")) rows.put(f[1], f);
        }
        assertEquals(8, rows.size(), rows.keySet().toString());
        for (String[] f : rows.values()) {
            double request = Double.parseDouble(f[2]);
            double response = Double.parseDouble(f[3]);
            // a GIOP header is 12 bytes; a Request also carries the object key and the operation name
            assertTrue(request > 12 + "returnRTTforInt".length() && response > 12, String.join(",", f));
        }
        double intResponse = Double.parseDouble(rows.get("int")[3]);
        double stringResponse = Double.parseDouble(rows.get("string")[3]);
        // the 64-character string travels as a 4-byte length, 64 bytes and a NUL in place of a 4-byte long
        assertEquals(65.0, stringResponse - intResponse, 4.0, "string reply minus int reply");
    }
}
