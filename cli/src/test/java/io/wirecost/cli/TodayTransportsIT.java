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
 * Today's transports for real (issue 14): grpc, grpc-tls, rest-json and rest-json-h2 beside rmi and
 * ws-literal in one quick run, client and server JVMs under async-profiler, sizes from tcpdump. Every
 * call is checked by the scenarios themselves; here: the counts, the shares, the new categories, the
 * message sizes' order (protobuf < JSON < SOAP) and the tables' new rows. That grpc-tls refuses a client
 * without a certificate is tested against a real server in scenarios-grpc's GrpcTlsClientAuthTest.
 */
class TodayTransportsIT {

    static final List<String> SCENARIOS = List.of("rmi", "ws-literal", "grpc", "grpc-tls", "rest-json", "rest-json-h2");
    /** Small fixed counts: this test checks categories, sizes and tables, not figures (131 s of CI at 500 and 12 x 100). */
    static final int WARMUP = 300;

    static final int INVOCATIONS = 100;

    /**
     * Batches per type in the timed and the profiled pass, half the method's 12: each batch costs both JVMs the
     * harness's work at its boundary whatever its calls, so the batches, not the calls, set these passes' length. Each
     * batch has twice the calls, so that the profiled pass samples as many calls as 12 batches of 50 did.
     */
    static final int REPS = 6;

    @TempDir
    static Path tmp;

    static Path out;
    static int exit;
    static Map<String, JsonNode> results = new HashMap<>();
    /** scenario/role/category -> percent */
    static Map<String, Double> shares = new HashMap<>();
    /** scenario/operation -> request + response bytes */
    static Map<String, Double> bytes = new HashMap<>();

    @BeforeAll
    static void runOnce() throws Exception {
        RunOutput run = RunOutput.of(
                tmp.resolve("run"),
                "run",
                "--quick",
                "--warmup",
                String.valueOf(WARMUP),
                "--invocations",
                String.valueOf(INVOCATIONS),
                "--reps",
                String.valueOf(REPS),
                "--scenarios",
                String.join(",", SCENARIOS),
                "--profiler",
                "async");
        out = run.dir();
        exit = run.exit();
        results.putAll(run.scenarios());
        shares.putAll(run.shares());
        List<String> sizes = Files.readAllLines(out.resolve("sizes.csv"));
        for (String line : sizes.subList(1, sizes.size())) {
            String[] f = line.split(",", -1);
            bytes.put(f[0] + "/" + f[1], Double.parseDouble(f[2]) + Double.parseDouble(f[3]));
        }
    }

    @Test
    void everyCallSucceededAndWasChecked() {
        assertEquals(0, exit, "exit status");
        for (String s : SCENARIOS) {
            JsonNode r = results.get(s);
            assertEquals(
                    "ok", r.get("status").asText(), s + ": " + r.get("error").asText());
            // 8 types x (warm-up + REPS x INVOCATIONS timed + as many profiled + 50 for message sizes) + 12
            // instantiations with a first call
            assertEquals(
                    8L * (WARMUP + 2 * REPS * INVOCATIONS + 50) + 12 + RunOutput.retimedCalls(r),
                    r.get("calls_succeeded").asLong(),
                    s);
        }
    }

    @Test
    void sharesSumToHundredPerRole() {
        Map<String, Double> sums = new HashMap<>();
        shares.forEach((k, v) -> sums.merge(k.substring(0, k.lastIndexOf('/')), v, Double::sum));
        for (String s : SCENARIOS) {
            for (String role : List.of("client", "server", "all"))
                assertEquals(100.0, sums.get(s + "/" + role), 0.15, s + "/" + role);
        }
    }

    @Test
    void theNewCategoriesCarryTodaysStacks() {
        for (String c : List.of("protobuf", "netty", "http2", "grpc"))
            assertTrue(shares.get("grpc/all/" + c) > 0, "grpc: " + c);
        for (String c : List.of("json", "jaxrs", "jdk-httpclient", "http-server")) {
            assertTrue(shares.get("rest-json/all/" + c) > 0, "rest-json: " + c);
        }
        assertTrue(shares.get("rest-json-h2/all/http2") > 0, "rest-json-h2: http2");
        assertEquals(0.0, shares.get("rest-json/all/http2"), "rest-json speaks HTTP/1.1 only");
        // TLS under Netty is still TLS and crypto
        assertTrue(shares.get("grpc-tls/all/tls") + shares.get("grpc-tls/all/crypto") > 0, "grpc-tls: tls + crypto");
        assertEquals(0.0, shares.get("grpc/all/tls"), "grpc is plaintext");
    }

    @Test
    void protobufIsSmallerThanJsonIsSmallerThanSoap() {
        for (String op : List.of("int", "short", "long", "float", "double", "boolean", "byte", "string")) {
            double grpc = bytes.get("grpc/" + op);
            double json = bytes.get("rest-json/" + op);
            double soap = bytes.get("ws-literal/" + op);
            assertTrue(
                    grpc < json && json < soap, op + ": grpc " + grpc + ", rest-json " + json + ", ws-literal " + soap);
        }
    }

    @Test
    void theClientsGotWhatTheyAskedFor() {
        assertEquals(
                "HTTP_2",
                results.get("rest-json-h2")
                        .get("facts")
                        .get("client")
                        .get("scenario")
                        .get("http.version")
                        .asText());
        assertEquals(
                "HTTP_1_1",
                results.get("rest-json")
                        .get("facts")
                        .get("client")
                        .get("scenario")
                        .get("http.version")
                        .asText());
        assertTrue(results.get("grpc-tls")
                .get("facts")
                .get("client")
                .get("scenario")
                .get("tls.protocol")
                .asText()
                .matches("TLSv1\\.[23]"));
    }

    @Test
    void theTablesShowTodayOnlyColumnsAndTodaysFactors() throws Exception {
        String table = Files.readString(out.resolve("table.md"));
        assertTrue(table.contains("grpc (today only)"), "today-only marking");
        for (String ratio :
                List.of("gRPC/RMI", "REST/WS-literal", "HTTP/2 / HTTP/1.1 (REST)", "JSON/XML message size")) {
            assertTrue(table.contains("| " + ratio + " |"), ratio);
        }
    }
}
