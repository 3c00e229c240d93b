package io.wirecost.cli.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.wirecost.cli.InProcess;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OTLP profiles through a real OpenTelemetry Collector built from its Go modules (collector/): sent over OTLP/HTTP
 * and OTLP/gRPC, written by its file exporter, and decoded independently (Python's protobuf on the published
 * .proto files), with the profiling SIG's conformance rules checked on every export.
 */
class CollectorIT {

    @TempDir
    Path tmp;

    @Test
    void profilesSentOverHttpAndGrpcArriveWithTheirCategoriesAndConform() throws Exception {
        Path request = tmp.resolve("request.pb");
        OtlpPython.run(
                "make",
                request.toString(),
                "--service",
                "checkout",
                "--instance",
                "checkout-7",
                "--category",
                "tls=middleware:30",
                "--category",
                "xml=middleware:12",
                "--category",
                "jit=jvm:5");
        try (Collector c = Collector.start(tmp.resolve("collector"))) {
            HttpResponse<byte[]> http = Tools.HTTP.send(
                    HttpRequest.newBuilder(URI.create(c.httpProfilesUrl()))
                            .header("Content-Type", "application/x-protobuf")
                            .POST(HttpRequest.BodyPublishers.ofFile(request))
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, http.statusCode(), new String(http.body(), java.nio.charset.StandardCharsets.UTF_8));
            String grpc = OtlpPython.run("send", request.toString(), "--grpc", c.grpcTarget());
            assertTrue(grpc.contains("\"rejected_profiles\": 0"), grpc);

            JsonNode decoded = awaitExports(c, 2);
            assertEquals("[]", decoded.get("problems").toString(), "conformance");
            assertEquals(2, decoded.get("profiles").asInt());
            Map<String, Integer> expected = Map.of("tls", 60, "xml", 24, "jit", 10);
            assertEquals(expected.keySet().size(), decoded.get("categories").size(), decoded.toString());
            expected.forEach((category, events) -> {
                JsonNode got = decoded.get("categories").get(category);
                assertEquals(events, got.get("events").asInt(), category);
            });
            assertEquals(
                    "jvm", decoded.get("categories").get("jit").get("group").asText());
            for (JsonNode resource : decoded.get("resources")) {
                assertEquals("checkout", resource.get("service.name").asText());
                assertEquals("checkout-7", resource.get("service.instance.id").asText());
            }
        }
    }

    /**
     * A recording exported by {@code wirecost export}, once over OTLP/HTTP to the Collector and once written to a
     * file and sent over OTLP/gRPC: what the Collector writes holds, per category, twice the samples {@code wirecost
     * attribute} finds in the recording, exactly, and conforms.
     */
    @Test
    void anExportedRecordingKeepsItsSamplesPerCategoryThroughTheCollector() throws Exception {
        Path recording =
                Path.of("src/test/resources/recordings/workload-jdk.jfr").toAbsolutePath();
        Map<String, Long> expected = samplesPerCategory(recording);
        assertTrue(expected.size() >= 3, expected.toString());
        Path file = tmp.resolve("export.pb");
        InProcess.Outcome written = InProcess.run("export", recording.toString(), "--otlp", file.toString());
        assertEquals(0, written.exit(), String.join("\n", written.stderr()));
        try (Collector c = Collector.start(tmp.resolve("collector"))) {
            InProcess.Outcome sent = InProcess.run(
                    "export",
                    recording.toString(),
                    "--service-name",
                    "checkout",
                    "--otlp-endpoint",
                    "http://127.0.0.1:" + c.httpPort);
            assertEquals(0, sent.exit(), String.join("\n", sent.stderr()));
            String grpc = OtlpPython.run("send", file.toString(), "--grpc", c.grpcTarget());
            assertTrue(grpc.contains("\"rejected_profiles\": 0"), grpc);

            JsonNode decoded = awaitExports(c, 2);
            assertEquals("[]", decoded.get("problems").toString(), "conformance");
            Map<String, Long> got = new java.util.TreeMap<>();
            decoded.get("categories")
                    .fields()
                    .forEachRemaining(
                            e -> got.put(e.getKey(), e.getValue().get("events").asLong()));
            Map<String, Long> twice = new java.util.TreeMap<>();
            expected.forEach((category, samples) -> twice.put(category, 2 * samples));
            assertEquals(twice, got);
            assertEquals(
                    "checkout",
                    decoded.get("resources").get(0).get("service.name").asText());
        }
    }

    /**
     * The agent on a busy JVM with {@code otlp.endpoint}: each window arrives at the Collector as a profile of its
     * service, carrying the categories the program's work falls in, and conforming.
     */
    @Test
    void theAgentSendsItsWindowsToTheCollector() throws Exception {
        Path agentJar = Path.of(System.getProperty("wirecost.agent.jar"));
        Path classes = Path.of(io.wirecost.cli.sample.BusyService.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        try (Collector c = Collector.start(tmp.resolve("collector"))) {
            Process host = Tools.start(
                    tmp.resolve("agent-host.log"),
                    Tools.javaCommand(
                            "-javaagent:" + agentJar + "=otlp.endpoint=http://127.0.0.1:" + c.httpPort
                                    + ",otlp.interval=2s,service.name=busy,interval=5ms",
                            "-cp",
                            classes.toString(),
                            "io.wirecost.cli.sample.BusyService",
                            "60"));
            try {
                JsonNode decoded = awaitExports(c, 2);
                assertEquals("[]", decoded.get("problems").toString(), "conformance");
                for (JsonNode resource : decoded.get("resources"))
                    assertEquals("busy", resource.get("service.name").asText(), resource.toString());
                JsonNode ser = decoded.get("categories").get("serialization-out");
                assertTrue(
                        ser != null && ser.get("events").asLong() > 0,
                        decoded.get("categories").toString());
            } finally {
                host.destroy();
                if (!host.waitFor(10, TimeUnit.SECONDS)) host.destroyForcibly();
            }
        }
    }

    /** {@code wirecost attribute --format csv}: category, percent, samples, ...; its last row is the total. */
    private static Map<String, Long> samplesPerCategory(Path recording) {
        InProcess.Outcome o = InProcess.run("attribute", recording.toString(), "--format", "csv");
        assertEquals(0, o.exit(), String.join("\n", o.stderr()));
        Map<String, Long> m = new java.util.TreeMap<>();
        for (String line : o.stdout().lines().skip(1).toList()) {
            String[] f = line.split(",");
            if (!f[0].equals("total") && Long.parseLong(f[2]) > 0) m.put(f[0], Long.parseLong(f[2]));
        }
        return m;
    }

    @Test
    void theCollectorsConfigValidates() throws Exception {
        Tools.Result r = Collector.validate(Collector.DIR.resolve("otelcol.yaml"), Map.of());
        assertEquals(0, r.exit(), r.output());
        // without the profiles gate the same config is refused: the pipeline really is a profiles pipeline
        Tools.Result gateless = Tools.run(
                Collector.DIR,
                Collector.binary().toString(),
                "validate",
                "--config=file:" + Collector.DIR.resolve("otelcol.yaml"));
        assertEquals(1, gateless.exit(), gateless.output());
        assertTrue(gateless.output().contains("service.profilesSupport"), gateless.output());
    }

    /**
     * docker-compose.yml's Collector runs the release collector/ builds, with the gate, mounting the config this
     * class validates; that config validates again with the service's own environment (its addresses).
     */
    @Test
    void theComposeCollectorRunsTheSameReleaseAndAValidConfig() throws Exception {
        JsonNode service = MonitoringConfigIT.YAML
                .readTree(Tools.HOME.resolve("docker-compose.yml").toFile())
                .get("services")
                .get("collector");
        String image = service.get("image").asText();
        String release = image.substring(image.lastIndexOf(':') + 1);
        String goMod = Files.readString(Collector.DIR.resolve("go.mod"));
        assertTrue(goMod.contains("/exporter/fileexporter v" + release + "\n"), image + " vs collector/go.mod");
        assertTrue(goMod.contains("/otelcol v" + release + "\n"), image + " vs collector/go.mod");
        String command = service.get("command").toString();
        assertTrue(command.contains(Collector.PROFILES_GATE), command);
        String config = null;
        for (JsonNode c : service.get("command"))
            if (c.asText().startsWith("--config=")) config = c.asText().substring("--config=".length());
        assertTrue(
                service.get("volumes").toString().contains("./collector/otelcol.yaml:" + config + ":ro"),
                "the compose Collector mounts collector/otelcol.yaml at " + config);
        Map<String, String> env = new java.util.TreeMap<>();
        service.get("environment")
                .fields()
                .forEachRemaining(e -> env.put(e.getKey(), e.getValue().asText()));
        assertTrue(env.get("WIRECOST_OTLP_HTTP").endsWith(":4318"), env.toString());
        Tools.Result r = Collector.validate(Collector.DIR.resolve("otelcol.yaml"), env);
        assertEquals(0, r.exit(), r.output());
    }

    /** Decodes the Collector's output until it holds {@code n} exports (it flushes every 200 ms), at most 60 s. */
    static JsonNode awaitExports(Collector c, int n) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        JsonNode last = null;
        while (System.nanoTime() < end) {
            if (Files.exists(c.profiles)) {
                last = OtlpPython.decode(c.profiles);
                if (last.get("exports").asInt() >= n) return last;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(
                "the Collector wrote " + (last == null ? "nothing" : last) + " within 60 s\n" + Tools.tail(c.log));
    }
}
