package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wirecost export}: every checked-in recording, exported to OTLP (binary and JSON) and attributed again,
 * gives the same samples per category as attributed directly; flame reads the export too; a run directory
 * exports; the endpoint gets the same bytes over OTLP/HTTP; bad input is a one-line error and leaves no file.
 */
class ExportCommandTest {

    private static final Path DIR = Path.of("src/test/resources/recordings");

    @TempDir
    Path tmp;

    private static Map<String, String> csvByCategory(String... args) {
        List<String> all = new ArrayList<>(List.of("attribute"));
        all.addAll(List.of(args));
        all.addAll(List.of("--format", "csv"));
        InProcess.Outcome o = InProcess.run(all.toArray(String[]::new));
        assertEquals(0, o.exit(), String.join("\n", o.stderr()));
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : o.stdout().lines().skip(1).toList()) m.put(line.split(",")[0], line);
        return m;
    }

    private static List<Path> fixtures() throws Exception {
        try (Stream<Path> s = Files.list(DIR)) {
            return s.filter(p -> !p.toString().endsWith(".artifacts")).sorted().toList();
        }
    }

    @Test
    void everyFixtureAttributesTheSameAfterAnExportInBinaryAndJson() throws Exception {
        List<Path> fixtures = fixtures();
        assertTrue(fixtures.size() >= 2, fixtures.toString());
        for (Path f : fixtures) {
            for (String format : List.of("binary", "json")) {
                Path out = tmp.resolve(f.getFileName() + "." + format + (format.equals("json") ? ".json" : ".pb"));
                InProcess.Outcome o =
                        InProcess.run("export", f.toString(), "--otlp", out.toString(), "--format", format);
                assertEquals(0, o.exit(), String.join("\n", o.stderr()));
                // the csv's rows: category, samples, share and its interval, identical
                assertEquals(csvByCategory(f.toString()), csvByCategory(out.toString()), f + " via " + format);
            }
        }
    }

    /**
     * Without --period the profile's period is the recording's own CPU sampling interval (async-profiler's, 5 ms), so
     * that diff finds a recording and its export taken alike; a recording that says none exports none.
     */
    @Test
    void thePeriodIsTheRecordingsOwnIntervalUnlessGiven() throws Exception {
        Path async = Path.of("..", "attribution", "src", "test", "resources", "recordings", "ap29-cpu.jfr");
        Path out = tmp.resolve("ap.pb");
        assertEquals(
                0,
                InProcess.run("export", async.toString(), "--otlp", out.toString())
                        .exit());
        assertEquals(5_000_000L, period(out));
        assertEquals(
                0,
                InProcess.run("export", async.toString(), "--otlp", out.toString(), "--period", "1ms")
                        .exit());
        assertEquals(1_000_000L, period(out));
        Path diff = tmp.resolve("diff");
        InProcess.Outcome d =
                InProcess.run("diff", async.toString(), out.toString(), "--no-flames", "--out", diff.toString());
        assertTrue(
                d.stdout().contains("(profiler: async cpu every 5000000 ns vs async cpu every 1000000 ns)"),
                d.stdout());
        assertEquals(
                0,
                InProcess.run("export", async.toString(), "--otlp", out.toString())
                        .exit());
        d = InProcess.run("diff", async.toString(), out.toString(), "--no-flames", "--out", diff.toString());
        assertFalse(d.stdout().contains("measured differently"), d.stdout());
        assertEquals(
                0,
                InProcess.run("export", DIR.resolve("workload-jdk.jfr").toString(), "--otlp", out.toString())
                        .exit());
        assertEquals(0L, period(out));
    }

    private static long period(Path otlp) throws Exception {
        return ExportProfilesServiceRequest.parseFrom(Files.readAllBytes(otlp))
                .getResourceProfiles(0)
                .getScopeProfiles(0)
                .getProfiles(0)
                .getPeriod();
    }

    @Test
    void aRunDirectoryExportsAndFlameReadsTheExport() throws Exception {
        Path run = tmp.resolve("run");
        Files.createDirectories(run.resolve("recordings"));
        Files.copy(DIR.resolve("workload-jdk.jfr"), run.resolve("recordings/app-server.jfr"));
        Path out = tmp.resolve("run.pb");
        InProcess.Outcome o = InProcess.run(
                "export", run.toString(), "--otlp", out.toString(), "--service-name", "checkout", "--period", "10ms");
        assertEquals(0, o.exit(), String.join("\n", o.stderr()));
        ExportProfilesServiceRequest r = ExportProfilesServiceRequest.parseFrom(Files.readAllBytes(out));
        Map<String, String> resource = new LinkedHashMap<>();
        for (KeyValue kv : r.getResourceProfiles(0).getResource().getAttributesList())
            resource.put(kv.getKey(), kv.getValue().getStringValue());
        assertEquals("checkout", resource.get("service.name"));
        assertEquals(
                10_000_000L,
                r.getResourceProfiles(0).getScopeProfiles(0).getProfiles(0).getPeriod());
        assertEquals(csvByCategory(run.toString()), csvByCategory(out.toString()));

        Path collapsedDirect = tmp.resolve("direct.collapsed");
        Path collapsedOtlp = tmp.resolve("otlp.collapsed");
        assertEquals(
                0,
                InProcess.run("flame", run.toString(), "-o", collapsedDirect.toString())
                        .exit());
        assertEquals(
                0,
                InProcess.run("flame", out.toString(), "-o", collapsedOtlp.toString())
                        .exit());
        assertEquals(
                Files.readAllLines(collapsedDirect).stream().sorted().toList(),
                Files.readAllLines(collapsedOtlp).stream().sorted().toList());
    }

    @Test
    void theEndpointReceivesTheRequestWithItsHeaders() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        List<byte[]> bodies = new ArrayList<>();
        List<String> auth = new ArrayList<>();
        server.createContext("/v1development/profiles", ex -> {
            bodies.add(ex.getRequestBody().readAllBytes());
            auth.add(ex.getRequestHeaders().getFirst("Authorization"));
            ex.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            ex.sendResponseHeaders(200, 0);
            ex.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort();
            Path out = tmp.resolve("sent.pb");
            InProcess.Outcome o = InProcess.run(
                    "export",
                    DIR.resolve("workload-jdk.jfr").toString(),
                    "--otlp",
                    out.toString(),
                    "--otlp-endpoint",
                    url,
                    "--header",
                    "Authorization=Bearer s3cret");
            assertEquals(0, o.exit(), String.join("\n", o.stderr()));
            assertEquals(1, bodies.size());
            assertEquals("Bearer s3cret", auth.get(0));
            assertEquals(
                    ExportProfilesServiceRequest.parseFrom(Files.readAllBytes(out)),
                    ExportProfilesServiceRequest.parseFrom(bodies.get(0)));
        } finally {
            server.stop(0);
        }
    }

    @Test
    void anEndpointThatRefusesOrFailsIsAOneLineError() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            ex.sendResponseHeaders(503, -1);
            ex.close();
        });
        server.start();
        int port = server.getAddress().getPort();
        try {
            InProcess.Outcome o = InProcess.run(
                    "export",
                    DIR.resolve("workload-jdk.jfr").toString(),
                    "--otlp-endpoint",
                    "http://127.0.0.1:" + port);
            assertEquals(2, o.exit());
            assertEquals(1, o.stderr().size(), o.stderr().toString());
            assertTrue(o.stderr().get(0).contains("HTTP 503"), o.stderr().get(0));
        } finally {
            server.stop(0);
        }
        InProcess.Outcome refused = InProcess.run(
                "export", DIR.resolve("workload-jdk.jfr").toString(), "--otlp-endpoint", "http://127.0.0.1:" + port);
        assertEquals(2, refused.exit());
        assertEquals(1, refused.stderr().size(), refused.stderr().toString());
        assertTrue(
                refused.stderr().get(0).contains("no answer from")
                        && refused.stderr()
                                .get(0)
                                .toLowerCase(java.util.Locale.ROOT)
                                .contains("connection refused"),
                refused.stderr().get(0));
        InProcess.Outcome grpcRefused = InProcess.run(
                "export",
                DIR.resolve("workload-jdk.jfr").toString(),
                "--otlp-protocol",
                "grpc",
                "--otlp-endpoint",
                "http://127.0.0.1:" + port);
        assertEquals(2, grpcRefused.exit());
        assertEquals(1, grpcRefused.stderr().size(), grpcRefused.stderr().toString());
        assertTrue(
                grpcRefused.stderr().get(0).contains("gRPC UNAVAILABLE"),
                grpcRefused.stderr().get(0));
    }

    @Test
    void badInputIsAOneLineErrorAndLeavesNoFile() throws Exception {
        Path out = tmp.resolve("never.pb");
        Path junk = tmp.resolve("junk.jfr");
        Files.writeString(junk, "not a recording");
        for (String[] args : List.of(
                new String[] {"export", junk.toString(), "--otlp", out.toString()},
                new String[] {"export", DIR.resolve("workload-jdk.jfr").toString()},
                new String[] {
                    "export", DIR.resolve("workload-jdk.jfr").toString(), "--otlp", out.toString(), "--format", "xml"
                },
                new String[] {
                    "export", DIR.resolve("workload-jdk.jfr").toString(), "--otlp", out.toString(), "--mode", "lock"
                },
                new String[] {"export", DIR.resolve("workload-jdk.jfr").toString(), "--otlp-endpoint", "ftp://x"},
                new String[] {
                    "export", DIR.resolve("workload-jdk.jfr").toString(), "--otlp", out.toString(), "--header", "x"
                },
                grpc(out, "http://127.0.0.1:4317/v1development/profiles"), // gRPC names its path itself
                grpc(out, "http://127.0.0.1:4317", "--header", "trace-bin=x"), // binary metadata is bytes
                grpc(
                        out,
                        "http://127.0.0.1:4317",
                        "--ca",
                        DIR.resolve("workload-jdk.jfr").toString()),
                grpc(
                        out,
                        "https://127.0.0.1:4317",
                        "--ca",
                        DIR.resolve("workload-jdk.jfr").toString()))) {
            InProcess.Outcome o = InProcess.run(args);
            assertEquals(2, o.exit(), List.of(args) + ": " + o.stderr());
            assertEquals(1, o.stderr().size(), List.of(args) + ": " + o.stderr());
            assertFalse(o.stderr().get(0).contains("Exception"), o.stderr().get(0));
            assertFalse(Files.exists(out), "no half-written file after " + List.of(args));
        }
    }

    /** Several modes on a recording that holds one of them: the line names the modes missing, once per file. */
    @Test
    void theModesARecordingLacksAreNamedOnce() {
        Path out = tmp.resolve("modes.pb");
        String jfr = DIR.resolve("workload-jdk.jfr").toString();
        InProcess.Outcome o = InProcess.run("export", jfr, "--otlp", out.toString(), "--mode", "cpu,alloc,lock");
        assertEquals(2, o.exit(), o.stderr().toString());
        assertEquals(1, o.stderr().size(), o.stderr().toString());
        String line = o.stderr().get(0);
        assertTrue(line.startsWith("wirecost: " + jfr + ": no alloc or lock samples (the recording holds "), line);
        assertEquals(line.indexOf(jfr), line.lastIndexOf(jfr), "the file once: " + line);
        assertFalse(Files.exists(out), "no profile of the one mode it holds");
    }

    private static String[] grpc(Path out, String endpoint, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(
                "export",
                DIR.resolve("workload-jdk.jfr").toString(),
                "--otlp",
                out.toString(),
                "--otlp-protocol",
                "grpc",
                "--otlp-endpoint",
                endpoint));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }
}
