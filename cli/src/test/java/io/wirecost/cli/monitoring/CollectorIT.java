package io.wirecost.cli.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.wirecost.cli.InProcess;
import io.wirecost.scenarios.security.KeyMaterial;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
            // the conformance rules that judge every export here flag a copy broken in each rule's way
            OtlpPython.run("selfcheck");
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
     * A recording exported by {@code wirecost export} three times: over OTLP/HTTP, over OTLP/gRPC in plain text, and
     * over OTLP/gRPC with TLS (trusting the test's CA file) to a receiver that requires a bearer token, which only
     * call metadata can carry. What the Collector writes holds, per category, three times the samples {@code
     * wirecost attribute} finds in the recording, exactly, and conforms. A wrong token and an untrusted certificate
     * are refused with one line each and add nothing.
     */
    @Test
    void anExportedRecordingKeepsItsSamplesPerCategoryThroughTheCollector() throws Exception {
        Path recording =
                Path.of("src/test/resources/recordings/workload-jdk.jfr").toAbsolutePath();
        Map<String, Long> expected = samplesPerCategory(recording);
        assertTrue(expected.size() >= 3, expected.toString());
        Path keys = tmp.resolve("keys");
        KeyMaterial km = KeyMaterial.generate(keys, java.time.Duration.ofHours(2));
        Path cert = pem(keys.resolve("server.pem"), "CERTIFICATE", km.certificate(KeyMaterial.SERVER, "server"));
        Path key = pem(
                keys.resolve("server.key"),
                "PRIVATE KEY",
                km.keyStore(KeyMaterial.SERVER).getKey("server", km.password()).getEncoded());
        Path ca = pem(keys.resolve("ca.pem"), "CERTIFICATE", km.certificate(KeyMaterial.TRUST, "ca"));
        String token = java.util.UUID.randomUUID().toString();
        int tlsPort = Tools.freePort();
        Map<String, String> env = Map.of(
                "WIRECOST_OTLP_GRPC_TLS",
                "127.0.0.1:" + tlsPort,
                "WIRECOST_TLS_CERT",
                cert.toString(),
                "WIRECOST_TLS_KEY",
                key.toString(),
                "WIRECOST_TEST_TOKEN",
                token);
        Path overlay = Path.of("src/test/resources/collector/tls-bearer.yaml");
        try (Collector c = Collector.start(tmp.resolve("collector"), overlay, env, List.of(tlsPort))) {
            String tls = "https://127.0.0.1:" + tlsPort;
            export(recording, "--otlp-endpoint", "http://127.0.0.1:" + c.httpPort);
            export(recording, "--otlp-protocol", "grpc", "--otlp-endpoint", "http://127.0.0.1:" + c.grpcPort);
            String sent = export(
                    recording,
                    "--otlp-protocol",
                    "grpc",
                    "--otlp-endpoint",
                    tls,
                    "--ca",
                    ca.toString(),
                    "--header",
                    "Authorization=Bearer " + token);
            assertTrue(sent.contains("sent to " + tls + " (gRPC OK)"), sent);

            InProcess.Outcome wrongToken = InProcess.run(
                    "export",
                    recording.toString(),
                    "--otlp-protocol",
                    "grpc",
                    "--otlp-endpoint",
                    tls,
                    "--ca",
                    ca.toString(),
                    "--header",
                    "Authorization=Bearer not-" + token);
            assertEquals(2, wrongToken.exit(), wrongToken.stderr().toString());
            assertEquals(1, wrongToken.stderr().size(), wrongToken.stderr().toString());
            assertTrue(
                    wrongToken.stderr().get(0).contains("UNAUTHENTICATED"),
                    wrongToken.stderr().toString());
            InProcess.Outcome untrusted =
                    InProcess.run("export", recording.toString(), "--otlp-protocol", "grpc", "--otlp-endpoint", tls);
            assertEquals(2, untrusted.exit(), untrusted.stderr().toString());
            assertEquals(1, untrusted.stderr().size(), untrusted.stderr().toString());
            assertTrue(
                    untrusted.stderr().get(0).contains("UNAVAILABLE"),
                    untrusted.stderr().toString());

            JsonNode decoded = awaitExports(c, 3);
            assertEquals("[]", decoded.get("problems").toString(), "conformance");
            Map<String, Long> got = new java.util.TreeMap<>();
            decoded.get("categories")
                    .fields()
                    .forEachRemaining(
                            e -> got.put(e.getKey(), e.getValue().get("events").asLong()));
            Map<String, Long> thrice = new java.util.TreeMap<>();
            expected.forEach((category, samples) -> thrice.put(category, 3 * samples));
            assertEquals(thrice, got);
            assertEquals(3, decoded.get("exports").asInt(), "the refused exports added nothing");
            for (JsonNode resource : decoded.get("resources"))
                assertEquals("checkout", resource.get("service.name").asText(), resource.toString());
        }
    }

    /** {@code wirecost export RECORDING --service-name checkout ARGS}, which must succeed; returns its stderr. */
    private static String export(Path recording, String... args) {
        List<String> cmd =
                new java.util.ArrayList<>(List.of("export", recording.toString(), "--service-name", "checkout"));
        cmd.addAll(List.of(args));
        InProcess.Outcome o = InProcess.run(cmd.toArray(String[]::new));
        assertEquals(0, o.exit(), String.join("\n", o.stderr()));
        return String.join("\n", o.stderr());
    }

    private static Path pem(Path file, String type, Object content) throws Exception {
        byte[] der = content instanceof java.security.cert.Certificate c ? c.getEncoded() : (byte[]) content;
        String body = java.util.Base64.getMimeEncoder(64, "\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
                .encodeToString(der);
        Files.writeString(file, "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n");
        return file;
    }

    /**
     * The agent on a busy JVM with {@code otlp.endpoint}, {@code metrics.port} and {@code file=}: its windows arrive
     * at the Collector as profiles of its service, conforming. Once profiling is stopped (the agent's MBean, as a
     * harness stops it) and the last window is sent, what the Collector wrote holds exactly the samples per category
     * that {@code wirecost attribute} counts in the recording the agent kept, with the same rules; and the agent's
     * Prometheus series carry the profiles' service and instance as {@code service} and {@code instance}.
     */
    @Test
    void theAgentSendsItsWindowsToTheCollectorExactly() throws Exception {
        Path agentJar = Path.of(System.getProperty("wirecost.agent.jar"));
        Path classes = Path.of(io.wirecost.cli.sample.BusyService.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Path rules = Files.writeString(
                tmp.resolve("busy.rules"),
                "category busy-app group=middleware title=\"BusyService's own code\"\n"
                        + "rule busy-app package io.wirecost.cli.sample\n");
        Path recording = tmp.resolve("busy.jfr");
        int metricsPort = Tools.freePort();
        String metrics = "http://127.0.0.1:" + metricsPort + "/metrics";
        try (Collector c = Collector.start(tmp.resolve("collector"))) {
            Path log = tmp.resolve("agent-host.log");
            Process host = Tools.start(
                    log,
                    Tools.javaCommand(
                            "-javaagent:" + agentJar + "=otlp.endpoint=http://127.0.0.1:" + c.httpPort
                                    + ",service.name=busy,interval=5ms,metrics.port=" + metricsPort
                                    + ",metrics.period=2s,file=" + recording + ",rules=" + rules,
                            "-cp",
                            classes.toString(),
                            "io.wirecost.cli.sample.BusyService",
                            "60"));
            try {
                JsonNode first = awaitExports(c, 2);
                assertEquals("[]", first.get("problems").toString(), "conformance");
                stopProfiling(host);
                Map<String, Double> agent = awaitLastWindowSent(c, metrics, host, log, recording, rules);
                assertEquals(0.0, agent.getOrDefault("wirecost_otlp_dropped_total", 0.0), agent.toString());

                JsonNode decoded = OtlpPython.decode(c.profiles);
                assertEquals("[]", decoded.get("problems").toString(), "conformance");
                assertEquals(
                        agent.get("wirecost_otlp_sent_total").intValue(),
                        decoded.get("exports").asInt());
                Map<String, Long> got = new java.util.TreeMap<>();
                decoded.get("categories")
                        .fields()
                        .forEachRemaining(e ->
                                got.put(e.getKey(), e.getValue().get("events").asLong()));
                assertEquals(samplesPerCategory(recording, "--rules", rules.toString()), got);
                assertTrue(got.getOrDefault("serialization-out", 0L) > 0, got.toString());

                // one JVM: one resource, whose service and instance its Prometheus series carry
                java.util.Set<String> instances = new java.util.TreeSet<>();
                for (JsonNode resource : decoded.get("resources")) {
                    assertEquals("busy", resource.get("service.name").asText(), resource.toString());
                    instances.add(resource.get("service.instance.id").asText());
                }
                assertEquals(1, instances.size(), instances.toString());
                String instance = instances.iterator().next();
                String scraped = scrape(metrics);
                List<String> series = scraped.lines()
                        .filter(l -> l.startsWith("wirecost_cpu_samples_total{"))
                        .toList();
                assertFalse(series.isEmpty(), scraped);
                for (String line : series) {
                    assertTrue(line.contains("service=\"busy\""), line);
                    assertTrue(line.contains("instance=\"" + instance + "\""), line + " vs " + instance);
                }
            } finally {
                host.destroy();
                if (!host.waitFor(10, TimeUnit.SECONDS)) host.destroyForcibly();
            }
        }
    }

    /**
     * {@code bench overhead}'s {@code +otlp} setting against the real Collector, kept short (two pairs of 2-s
     * windows): the scenario JVMs' agents send their windows to the Collector, which holds exactly the profiles the
     * bench counted as accepted, of the bench's service, conforming; and the bench prints the overhead with its
     * interval. The figure itself is the quiet benchmark's (docs/fleet.md), not asserted here.
     */
    @Test
    void theOverheadBenchSendsEachWindowToTheCollector() throws Exception {
        try (Collector c = Collector.start(tmp.resolve("collector"))) {
            InProcess.Outcome o = InProcess.run(
                    "bench",
                    "overhead",
                    "--settings",
                    "async-10ms+otlp",
                    "--otlp-endpoint",
                    "http://127.0.0.1:" + c.httpPort,
                    "--window",
                    "2s",
                    "--calls-per-block",
                    "1000",
                    "--max-pairs",
                    "2",
                    "--budget",
                    "2m");
            assertEquals(0, o.exit(), String.join("\n", o.stderr()) + "\n" + Tools.tail(c.log));
            java.util.regex.Matcher row = java.util.regex.Pattern.compile(
                            "(?m)^async-10ms\\+otlp\\s+([0-9.]+)\\s+2\\s+([+-][0-9.]+) %\\s+([+-][0-9.]+) to ([+-][0-9.]+) %$")
                    .matcher(o.stdout());
            assertTrue(row.find(), o.stdout());
            double estimate = Double.parseDouble(row.group(2));
            assertTrue(
                    Double.parseDouble(row.group(3)) <= estimate && estimate <= Double.parseDouble(row.group(4)),
                    "estimate inside its interval: " + row.group());
            java.util.regex.Matcher sent = java.util.regex.Pattern.compile(
                            "(?m)^async-10ms\\+otlp: (\\d+) profiles accepted by ")
                    .matcher(o.stdout());
            assertTrue(sent.find(), o.stdout());
            int profiles = Integer.parseInt(sent.group(1));
            // the warm-up's and two pairs' on-blocks, each a whole window from the server's and the client's agent
            // (and, mostly, the stopped session's short last window)
            assertTrue(profiles >= 6, o.stdout());
            JsonNode decoded = awaitExports(c, profiles);
            assertEquals(profiles, decoded.get("exports").asInt(), decoded.toString());
            assertEquals("[]", decoded.get("problems").toString(), "conformance");
            assertTrue(decoded.get("categories").size() > 0, decoded.toString());
            for (JsonNode resource : decoded.get("resources"))
                assertEquals("wirecost-bench", resource.get("service.name").asText(), resource.toString());
        }
    }

    @Test
    void theOverheadBenchRefusesOtlpWithoutAnEndpoint() {
        InProcess.Outcome o = InProcess.run("bench", "overhead", "--settings", "async-10ms+otlp");
        assertEquals(2, o.exit(), String.join("\n", o.stderr()));
        assertEquals(1, o.stderr().size(), o.stderr().toString());
        assertTrue(o.stderr().get(0).contains("--otlp-endpoint"), o.stderr().toString());
    }

    /** Stops profiling through the agent's MBean (io.wirecost:type=Profiler), over the JVM's local JMX agent. */
    private static void stopProfiling(Process host) throws Exception {
        com.sun.tools.attach.VirtualMachine vm = com.sun.tools.attach.VirtualMachine.attach(String.valueOf(host.pid()));
        try {
            String url = vm.startLocalManagementAgent();
            try (javax.management.remote.JMXConnector jmx = javax.management.remote.JMXConnectorFactory.connect(
                    new javax.management.remote.JMXServiceURL(url))) {
                jmx.getMBeanServerConnection()
                        .invoke(new javax.management.ObjectName("io.wirecost:type=Profiler"), "stop", null, null);
            }
        } finally {
            vm.detach();
        }
    }

    /**
     * Waits until the agent has read its last segment and the Collector holds every profile the agent sent: the
     * count of segments read stays put over two polls more than a window apart, nothing is queued, the Collector
     * holds as many exports as the agent says it sent, and the samples the agent attributed are all the recording
     * holds (so a last segment still being read cannot pass for done). Returns the agent's own series (name without
     * labels: value); at most 90 s.
     */
    private static Map<String, Double> awaitLastWindowSent(
            Collector c, String metrics, Process host, Path log, Path recording, Path rules) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        List<Double> segments = new java.util.ArrayList<>();
        Map<String, Double> last = Map.of();
        long recorded = -1;
        while (System.nanoTime() < end) {
            if (!host.isAlive()) throw new AssertionError("the host exited\n" + Tools.tail(log));
            last = values(scrape(metrics));
            segments.add(last.getOrDefault("wirecost_agent_segments_total", 0.0));
            int n = segments.size();
            if (n >= 3
                    && segments.get(n - 1).equals(segments.get(n - 3))
                    && last.getOrDefault("wirecost_otlp_queued_bytes", -1.0) == 0
                    && Files.exists(c.profiles)
                    && OtlpPython.decode(c.profiles).get("exports").asInt()
                            == last.getOrDefault("wirecost_otlp_sent_total", -1.0)) {
                recorded = samplesPerCategory(recording, "--rules", rules.toString()).values().stream()
                        .mapToLong(Long::longValue)
                        .sum();
                if (recorded == last.getOrDefault("wirecost_agent_samples_total", -1.0)) return last;
            }
            Thread.sleep(3_000); // longer than metrics.period: a segment still rotating would show
        }
        throw new AssertionError("the agent's last window did not reach the Collector within 90 s: " + last
                + ", the recording holds " + recorded + " samples\n" + Tools.tail(log) + "\n" + Tools.tail(c.log));
    }

    private static String scrape(String url) throws Exception {
        HttpResponse<String> r =
                Tools.HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), url);
        return r.body();
    }

    /** Series without their labels, summed: {@code wirecost_otlp_dropped_total} over its reasons, for instance. */
    private static Map<String, Double> values(String exposition) {
        Map<String, Double> m = new java.util.TreeMap<>();
        for (String line : exposition.lines().toList()) {
            if (line.startsWith("#") || line.isBlank()) continue;
            int cut = line.indexOf('{') >= 0 ? line.indexOf('{') : line.indexOf(' ');
            String value = line.substring(line.lastIndexOf(' ') + 1);
            m.merge(line.substring(0, cut), Double.parseDouble(value), Double::sum);
        }
        return m;
    }

    /** {@code wirecost attribute --format csv}: category, percent, samples, ...; its last row is the total. */
    private static Map<String, Long> samplesPerCategory(Path recording, String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("attribute", recording.toString(), "--format", "csv"));
        args.addAll(List.of(options));
        InProcess.Outcome o = InProcess.run(args.toArray(String[]::new));
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
