package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * attribute, flame and rules on collapsed stacks whose answers are known exactly (10 samples: 5 in a
 * JDK 17 socket write under RMI, 3 in serialization, 2 on a JIT thread), and on bad input.
 */
class AttributionCliTest {

    @TempDir
    Path dir;

    private static final String STACKS = String.join(
            "\n",
            "[RMI TCP Connection(1) tid=11];java/lang/Thread.run_[j];sun/rmi/transport/tcp/TCPTransport$ConnectionHandler.run_[j];"
                    + "sun/rmi/transport/StreamRemoteCall.executeCall_[j];java/net/Socket$SocketOutputStream.write_[j];"
                    + "sun/nio/ch/NioSocketImpl.write_[j];sun/nio/ch/FileDispatcherImpl.write0_[j];__GI___libc_write_[0] 5",
            "[RMI TCP Connection(1) tid=11];java/lang/Thread.run_[j];sun/rmi/server/UnicastRef.marshalValue_[j];"
                    + "java/io/ObjectOutputStream.writeObject_[j];java/util/HashMap.get_[j] 3",
            "[C2 CompilerThre tid=7];thread_native_entry;CompileBroker::compiler_thread_loop;C2Compiler::compile_method 2",
            "");

    private Path stacks() throws Exception {
        return Files.writeString(dir.resolve("rmi.collapsed"), STACKS);
    }

    private static Map<String, Double> csv(String text) {
        Map<String, Double> m = new HashMap<>();
        text.lines().skip(1).forEach(l -> {
            String[] f = l.split(",");
            m.put(f[0], Double.parseDouble(f[1]));
        });
        return m;
    }

    @Test
    void selfAttributionOfCollapsedStacksIsExact() throws Exception {
        CliProcess.Outcome o = CliProcess.run("attribute", stacks().toString(), "--format", "csv");
        assertEquals(0, o.exit(), o.err());
        Map<String, Double> shares = csv(o.stdout());
        // 8 middleware samples: 5 socket-write, 3 serialization-out; the JIT thread is JVM-internal
        assertEquals(62.5, shares.get("socket-write"), 1e-9);
        assertEquals(37.5, shares.get("serialization-out"), 1e-9);
        // the rows reconcile with the input: middleware and jvm rows add up to the total row
        long middleware = 0, jvm = 0, total = -1;
        for (String l : o.stdout().lines().skip(1).toList()) {
            String[] f = l.split(",");
            switch (f[3]) {
                case "middleware" -> middleware += Long.parseLong(f[2]);
                case "jvm" -> jvm += Long.parseLong(f[2]);
                default -> total = Long.parseLong(f[2]);
            }
        }
        assertEquals(8, middleware);
        assertEquals(total, middleware + jvm, o.stdout());
        assertTrue(jvm > 0, "the JIT thread's samples appear as a jvm row: " + o.stdout());
        assertEquals(0.0, shares.get("rmi-transport"), 1e-9);
    }

    @Test
    void inclusiveAttributionCountsEveryLayerOnTheStack() throws Exception {
        CliProcess.Outcome o =
                CliProcess.run("attribute", stacks().toString(), "--format", "csv", "--attribution", "inclusive");
        assertEquals(0, o.exit(), o.err());
        Map<String, Double> shares = csv(o.stdout());
        // percent of all 10 samples with the category anywhere on the stack
        assertEquals(50.0, shares.get("socket-write"), 1e-9);
        assertEquals(50.0, shares.get("rmi-transport"), 1e-9);
        assertEquals(30.0, shares.get("rmi-server"), 1e-9);
        assertEquals(30.0, shares.get("serialization-out"), 1e-9);
    }

    @Test
    void threadFilterAndPackageView() throws Exception {
        CliProcess.Outcome o = CliProcess.run("attribute", stacks().toString(), "--threads", "^C2", "--format", "json");
        assertEquals(0, o.exit(), o.err());
        assertTrue(o.stdout().contains("\"total_samples\" : 2"), o.stdout());
        CliProcess.Outcome p = CliProcess.run("attribute", stacks().toString(), "--by", "package", "--format", "csv");
        assertEquals(0, p.exit(), p.err());
        // leaf Java frames: sun.nio.ch (native leaf climbs to write0), java.util; the JIT stack has none
        assertEquals(
                "package,percent,samples\nsun.nio.ch,50.00,5\njava.util,30.00,3\n[no Java frame],20.00,2\n",
                p.stdout());
        CliProcess.Outcome none = CliProcess.run("attribute", stacks().toString(), "--by", "package", "--top", "0");
        assertEquals(2, none.exit(), none.err());
        assertEquals(List.of("wirecost: --top must be at least 1, got 0"), none.stderr());
    }

    @Test
    void tableFlagsSharesFromTooFewSamples() throws Exception {
        CliProcess.Outcome o = CliProcess.run("attribute", stacks().toString());
        assertEquals(0, o.exit(), o.err());
        assertTrue(o.stdout().contains("62.50*"), o.stdout());
        assertTrue(o.stdout().contains("fewer than 10 samples"), o.stdout());
        assertTrue(o.stdout().contains("95 % CI"), o.stdout());
    }

    @Test
    void malformedCollapsedLineIsAOneLineError() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.collapsed"), "a;b;c 3\nthis line has no count\n");
        CliProcess.Outcome o = CliProcess.run("attribute", bad.toString());
        assertEquals(2, o.exit());
        assertEquals(1, o.stderr().size(), o.err());
        assertTrue(o.err().contains("bad.collapsed") && o.err().contains("line 2"), o.err());
    }

    @Test
    void flameGraphsInEveryFormat() throws Exception {
        Path in = stacks();
        Path html = dir.resolve("f.html");
        assertEquals(
                0, CliProcess.run("flame", in.toString(), "-o", html.toString()).exit());
        String page = Files.readString(html);
        assertTrue(
                page.startsWith("<!DOCTYPE html>") && page.contains("NioSocketImpl.write"),
                "async-profiler's HTML template");

        Path collapsed = dir.resolve("f.collapsed");
        assertEquals(
                0,
                CliProcess.run("flame", in.toString(), "--category", "serialization-out", "-o", collapsed.toString())
                        .exit());
        List<String> lines = Files.readAllLines(collapsed);
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(
                lines.get(0).contains("java.io.ObjectOutputStream.writeObject")
                        && lines.get(0).endsWith(" 3"),
                lines.get(0));

        Path grouped = dir.resolve("g.collapsed");
        assertEquals(
                0,
                CliProcess.run("flame", in.toString(), "--category-root", "-o", grouped.toString())
                        .exit());
        assertTrue(
                Files.readAllLines(grouped).stream().anyMatch(l -> l.startsWith("[socket-write]")),
                Files.readString(grouped));

        Path pprof = dir.resolve("f.pb.gz");
        assertEquals(
                0,
                CliProcess.run("flame", in.toString(), "-o", pprof.toString()).exit());
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        try (GZIPInputStream gz = new GZIPInputStream(Files.newInputStream(pprof))) {
            gz.transferTo(raw);
        }
        String protoText = raw.toString(StandardCharsets.ISO_8859_1);
        assertTrue(
                protoText.contains("sun.nio.ch.FileDispatcherImpl.write0") && protoText.contains("samples"),
                "pprof string table");

        CliProcess.Outcome bad = CliProcess.run(
                "flame", in.toString(), "-o", dir.resolve("f.png").toString());
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("unknown format"), bad.err());

        // a category the rules do not have is named with the ones they do, so the user need not look them up
        CliProcess.Outcome unknown = CliProcess.run(
                "flame",
                in.toString(),
                "--category",
                "serialisation",
                "-o",
                dir.resolve("u.collapsed").toString());
        assertEquals(2, unknown.exit());
        assertEquals(1, unknown.stderr().size(), unknown.err());
        assertTrue(
                unknown.err()
                                .startsWith("wirecost: --category: unknown category 'serialisation' (the rules' "
                                        + "categories: ")
                        && unknown.err().contains(", serialization-out, "),
                unknown.err());
        assertFalse(Files.exists(dir.resolve("u.collapsed")));

        // a category the rules have but no sample falls in: said, not an empty graph that reads as "no cost there"
        CliProcess.Outcome none = CliProcess.run(
                "flame",
                in.toString(),
                "--category",
                "giop",
                "-o",
                dir.resolve("giop.collapsed").toString());
        assertEquals(2, none.exit());
        assertEquals(
                List.of("wirecost: --category giop: none of the cpu samples is in it (attribute lists the categories "
                        + "that hold them)"),
                none.stderr());
        assertFalse(Files.exists(dir.resolve("giop.collapsed")));
    }

    @Test
    void rulesCheckExplainAndErrors() throws Exception {
        Path good = Files.writeString(
                dir.resolve("good.rules"), "category json group=middleware\nrule json package com.fasterxml.jackson\n");
        CliProcess.Outcome ok = CliProcess.run("rules", "--check", good.toString());
        assertEquals(0, ok.exit(), ok.err());
        assertTrue(ok.stdout().startsWith("ok: "), ok.stdout());

        Map<String, String> broken = Map.of(
                "category x group=middleware colour=red\n", ":1: unknown key 'colour'",
                "category x group=middleware\ncategory x group=jvm\n", ":2: duplicate category 'x'",
                "rule socket-write package sun..nio\n", ":1: invalid package pattern",
                "rule socket-write package java.net\nrule socket-write class java.net.Socket\n",
                        ":2: rule 'class java.net.Socket' can never match",
                "rule nosuch package a.b\n", ":1: rule names unknown category 'nosuch'");
        for (Map.Entry<String, String> b : broken.entrySet()) {
            Path f = Files.writeString(dir.resolve("broken.rules"), b.getKey());
            CliProcess.Outcome o = CliProcess.run("rules", "--check", f.toString());
            assertEquals(2, o.exit(), b.getKey());
            assertEquals(1, o.stderr().size(), o.err());
            assertTrue(o.err().contains("broken.rules" + b.getValue()), o.err() + " should contain " + b.getValue());
        }

        CliProcess.Outcome explain = CliProcess.run(
                "rules", "--explain", "sun.nio.ch.SocketDispatcher.write0", "--explain-thread", "GC Thread#1");
        assertEquals(0, explain.exit(), explain.err());
        assertTrue(explain.stdout().contains("-> socket-write (default.rules:"), explain.stdout());
        assertTrue(explain.stdout().contains("-> gc (default.rules:"), explain.stdout());
    }

    @Test
    void userRulesOverrideTheDefaults() throws Exception {
        // later wins: a user rule claiming java.io before the defaults' serialization rules
        Path mine = Files.writeString(
                dir.resolve("mine.rules"), "category my-io group=middleware\nrule my-io package java.io\n");
        CliProcess.Outcome o =
                CliProcess.run("attribute", stacks().toString(), "--rules", mine.toString(), "--format", "csv");
        assertEquals(0, o.exit(), o.err());
        Map<String, Double> shares = csv(o.stdout());
        assertEquals(37.5, shares.get("my-io"), 1e-9);
        assertEquals(0.0, shares.get("serialization-out"), 1e-9);
    }

    @Test
    void theSpringTomcatExampleLayersOverThePacks() throws Exception {
        Path example = Path.of(System.getProperty("wirecost.home"), "attribution", "examples", "spring-tomcat.rules");
        CliProcess.Outcome o = CliProcess.run(
                "rules",
                "--check",
                "pack:spring",
                "--check",
                "pack:tomcat",
                "--check",
                "pack:jackson",
                "--check",
                example.toString(),
                "--explain",
                "com.fasterxml.jackson.databind.ObjectMapper.writeValueAsString",
                "--explain",
                "com.example.orders.OrderService.place",
                "--explain",
                "org.springframework.web.servlet.DispatcherServlet.doDispatch");
        assertEquals(0, o.exit(), o.err());
        assertTrue(o.stdout().contains("ObjectMapper.writeValueAsString -> json (pack:jackson:"), o.stdout());
        assertTrue(o.stdout().contains("OrderService.place -> app (" + example), o.stdout());
        assertTrue(o.stdout().contains("doDispatch -> spring-web (pack:spring:"), o.stdout());
    }

    @Test
    void packAutoNamesThePacksItFoundAndTheirCategoriesTakeTheSamples() throws Exception {
        // stacks sampled from the H2 TCP server (see RulePacksTest)
        Path h2 = Path.of(
                System.getProperty("wirecost.home"),
                "attribution",
                "src",
                "test",
                "resources",
                "io",
                "wirecost",
                "attribution",
                "packs",
                "h2-server.collapsed");
        CliProcess.Outcome before =
                CliProcess.run("attribute", h2.toString(), "--format", "csv", "--rules", "pack:none");
        CliProcess.Outcome after =
                CliProcess.run("attribute", h2.toString(), "--format", "csv", "--rules", "pack:auto");
        assertEquals(0, after.exit(), after.err());
        assertEquals(List.of("wirecost: pack:auto detected compression, jdbc, h2"), after.stderr());
        // not one of wirecost's scenarios: pack:auto is the default, the same shares
        // the packs named in the output rather than on stderr
        CliProcess.Outcome byDefault = CliProcess.run("attribute", h2.toString(), "--format", "csv");
        assertEquals(after.stdout(), byDefault.stdout());
        assertTrue(byDefault.stderr().isEmpty(), byDefault.err());
        assertTrue(before.stderr().isEmpty(), before.err());
        CliProcess.Outcome table = CliProcess.run("attribute", h2.toString());
        assertTrue(
                table.stdout().contains("; rules: built-in rules + pack:auto (compression, jdbc, h2)"), table.stdout());
        assertTrue(csv(before.stdout()).get("other") > 90, before.stdout());
        assertTrue(csv(after.stdout()).get("other") < 10, after.stdout());
        assertTrue(csv(after.stdout()).get("db-storage") > 50, after.stdout());
    }

    /**
     * A time window past the recording's samples leaves nothing: every command that reads recordings refuses in one
     * line that says where the samples lie, and writes nothing (flame wrote an empty graph, as if there were no cost).
     */
    @Test
    void aWindowPastTheSamplesIsRefusedWithWhereTheyLie() {
        String jfr = Path.of(System.getProperty("wirecost.home"), "cli/src/test/resources/recordings/workload-jdk.jfr")
                .toString();
        Path graph = dir.resolve("late.html");
        Path otlp = dir.resolve("late.pb");
        for (List<String> command : List.of(
                List.of("flame", jfr, "--from", "1000s", "-o", graph.toString()),
                List.of("export", jfr, "--from", "1000s", "--otlp", otlp.toString()),
                List.of("attribute", jfr, "--from", "1000s"),
                List.of("attribute", jfr, "--from", "1000s", "--rules", "pack:none"))) {
            InProcess.Outcome o = InProcess.run(command.toArray(String[]::new));
            assertEquals(2, o.exit(), command + ": " + o.stdout());
            assertEquals(1, o.stderr().size(), command + ": " + o.stderr());
            assertTrue(
                    o.stderr()
                            .get(0)
                            .matches(
                                    ".*workload-jdk.jfr: no cpu samples after filtering \\(--from 1000s: its samples lie "
                                            + "between [0-9]+\\.[0-9] s and [0-9]+\\.[0-9] s\\)"),
                    command + ": " + o.stderr());
        }
        assertFalse(Files.exists(graph), "no empty flame graph");
        assertFalse(Files.exists(otlp), "no empty profile");
    }

    /**
     * An output the file system refuses (here /proc, which takes no new file even from root) is one line naming the
     * file the user gave and why, not the JDK's message, which is the path of a temporary file alone.
     */
    @Test
    void anOutputTheFileSystemRefusesIsNamedWithWhy() {
        String jfr = Path.of(System.getProperty("wirecost.home"), "cli/src/test/resources/recordings/workload-jdk.jfr")
                .toString();
        for (List<String> command : List.of(
                List.of("flame", jfr, "-o", "/proc/wirecost-test.html"),
                List.of("flame", jfr, "-o", "/proc/wirecost-test.collapsed"),
                List.of("export", jfr, "--otlp", "/proc/wirecost-test.pb"))) {
            InProcess.Outcome o = InProcess.run(command.toArray(String[]::new));
            assertEquals(2, o.exit(), command + ": " + o.stdout());
            assertEquals(1, o.stderr().size(), command + ": " + o.stderr());
            String out = command.get(command.size() - 1);
            assertTrue(
                    o.stderr().get(0).matches("wirecost: " + out.replace(".", "\\.") + ": cannot write it: [a-z ]+"),
                    command + ": " + o.stderr());
        }
    }

    /**
     * pack:auto needs the recording's frames before its rules exist; the attribution replays what detection read
     * rather than reading the file again (the reader says each reading on stderr with wirecost.reader.report).
     */
    @Test
    void packAutoReadsEachRecordingOnce() throws Exception {
        Path jfr = Path.of(System.getProperty("wirecost.home"), "cli/src/test/resources/recordings/workload-jdk.jfr");
        List<String> report = List.of("-Dwirecost.reader.report=true");
        for (List<String> filters : List.of(List.<String>of(), List.of("--threads", "main"), List.of("--from", "1s"))) {
            List<String> args = new ArrayList<>(List.of("attribute", jfr.toString(), "--format", "csv"));
            args.addAll(filters);
            CliProcess.Outcome auto = CliProcess.runWith(report, args.toArray(String[]::new));
            assertEquals(0, auto.exit(), auto.err());
            assertEquals(
                    1,
                    auto.stderr().stream()
                            .filter(l -> l.startsWith("wirecost: reader "))
                            .count(),
                    filters + ": " + auto.err());
            // the same counts as a reading under the packs it found, named as layers
            List<String> tableArgs = new ArrayList<>(List.of("attribute", jfr.toString()));
            tableArgs.addAll(filters);
            String table = CliProcess.run(tableArgs.toArray(String[]::new)).stdout();
            java.util.regex.Matcher m =
                    java.util.regex.Pattern.compile("pack:auto \\(([^)]*)\\)").matcher(table);
            assertTrue(m.find(), table);
            List<String> named = new ArrayList<>(args);
            for (String pack : m.group(1).split(", "))
                named.addAll(List.of("--rules", pack.equals("no pack detected") ? "pack:none" : "pack:" + pack));
            assertEquals(CliProcess.run(named.toArray(String[]::new)).stdout(), auto.stdout(), filters.toString());
        }
        // an HTML flame graph takes the kept reading too
        Path html = dir.resolve("once.html");
        CliProcess.Outcome flame = CliProcess.runWith(report, "flame", jfr.toString(), "-o", html.toString());
        assertEquals(0, flame.exit(), flame.err());
        assertEquals(
                1,
                flame.stderr().stream()
                        .filter(l -> l.startsWith("wirecost: reader "))
                        .count(),
                flame.err());
        assertTrue(Files.readString(html).contains("Workload"), "the graph holds the workload's frames");
        eachSampleReadOnce(jfr, report);
    }

    /**
     * Sinks that need each sample with its time (export, collapsed and pprof graphs, endpoints) take pack:auto's
     * reading sample by sample: one reading, and the output of a reading under the packs it found, named as layers.
     */
    private void eachSampleReadOnce(Path jfr, List<String> report) throws Exception {
        String table = CliProcess.run("attribute", jfr.toString()).stdout();
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("pack:auto \\(([^)]*)\\)").matcher(table);
        assertTrue(m.find(), table);
        List<String> packs = new ArrayList<>();
        for (String pack : m.group(1).split(", "))
            packs.addAll(List.of("--rules", pack.equals("no pack detected") ? "pack:none" : "pack:" + pack));
        // the request log --by endpoint joins with: one request over the whole recording on the Java thread 1
        Path endpoints = dir.resolve("endpoints.jfr");
        Files.copy(jfr, endpoints);
        try (java.io.DataOutputStream out = new java.io.DataOutputStream(
                Files.newOutputStream(io.wirecost.attribution.RequestLog.beside(endpoints)))) {
            out.writeInt(io.wirecost.attribution.RequestLog.MAGIC);
            out.writeInt(io.wirecost.attribution.RequestLog.VERSION);
            out.writeByte(io.wirecost.attribution.RequestLog.ENDPOINT);
            out.writeInt(7);
            out.writeUTF("GET /all");
            out.writeByte(io.wirecost.attribution.RequestLog.REQUESTS);
            out.writeInt(1);
            out.writeLong(1);
            out.writeLong(0);
            out.writeLong(Long.MAX_VALUE);
            out.writeInt(7);
        }
        String j = jfr.toString();
        for (List<String> command : List.of(
                List.of("export", j, "--otlp", dir.resolve("once.pb").toString()),
                List.of("export", j, "--otlp", dir.resolve("once.json").toString(), "--format", "json"),
                List.of(
                        "export",
                        j,
                        "--from",
                        "1s",
                        "--otlp",
                        dir.resolve("from.json").toString(),
                        "--format",
                        "json"),
                List.of("flame", j, "-o", dir.resolve("once.collapsed").toString()),
                List.of(
                        "flame",
                        j,
                        "--threads",
                        "main",
                        "-o",
                        dir.resolve("once.pb.gz").toString()),
                List.of("attribute", endpoints.toString(), "--by", "endpoint", "--format", "csv"))) {
            Path out = command.contains("-o")
                    ? Path.of(command.get(command.indexOf("-o") + 1))
                    : command.contains("--otlp") ? Path.of(command.get(command.indexOf("--otlp") + 1)) : null;
            CliProcess.Outcome once = CliProcess.runWith(report, command.toArray(String[]::new));
            assertEquals(
                    1,
                    once.stderr().stream()
                            .filter(l -> l.startsWith("wirecost: reader "))
                            .count(),
                    command + ": " + once.err());
            String kept = out == null ? once.stdout() : comparable(out);
            List<String> named = new ArrayList<>(command);
            named.addAll(packs);
            CliProcess.Outcome twice = CliProcess.run(named.toArray(String[]::new));
            assertEquals(twice.exit(), once.exit(), command + ": " + once.err() + " / " + twice.err());
            if (out == null)
                assertEquals(
                        twice.stderr(),
                        once.stderr().stream()
                                .filter(l -> !l.startsWith("wirecost: reader "))
                                .toList(),
                        command.toString());
            assertEquals(out == null ? twice.stdout() : comparable(out), kept, command.toString());
        }
    }

    /**
     * export in several modes at pack:auto detects the packs in all of them (in one reading) and exports what it
     * exports under them named; it once refused, taking the modes for one malformed mode.
     */
    @Test
    void exportInSeveralModesAtPackAuto() throws Exception {
        String jfr = Path.of(System.getProperty("wirecost.home"), "cli/src/test/resources/recordings/workload-jdk.jfr")
                .toString();
        Path auto = dir.resolve("auto.json");
        CliProcess.Outcome o =
                CliProcess.run("export", jfr, "--mode", "cpu,wall", "--otlp", auto.toString(), "--format", "json");
        assertEquals(0, o.exit(), o.err());
        String table = CliProcess.run("attribute", jfr).stdout();
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("pack:auto \\(([^)]*)\\)").matcher(table);
        assertTrue(m.find(), table);
        List<String> named = new ArrayList<>(List.of(
                "export",
                jfr,
                "--mode",
                "cpu,wall",
                "--otlp",
                dir.resolve("named.json").toString()));
        named.addAll(List.of("--format", "json"));
        for (String pack : m.group(1).split(", "))
            named.addAll(List.of("--rules", pack.equals("no pack detected") ? "pack:none" : "pack:" + pack));
        assertEquals(0, CliProcess.run(named.toArray(String[]::new)).exit());
        assertEquals(comparable(dir.resolve("named.json")), comparable(auto));
        assertTrue(Files.readString(auto).contains("Workload"), "the profiles hold the workload's frames");
    }

    /** An output's content, but for what differs from one run to the next: the OTLP profiles' random ids. */
    private static String comparable(Path out) throws Exception {
        String name = out.getFileName().toString();
        if (name.endsWith(".gz")) {
            try (GZIPInputStream in = new GZIPInputStream(Files.newInputStream(out))) {
                return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            }
        }
        if (name.endsWith(".json")) return Files.readString(out).replaceAll("\"profileId\": *\"[0-9a-f]*\"", "");
        if (name.endsWith(".pb")) {
            var request =
                    io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest.parseFrom(
                            Files.readAllBytes(out))
                            .toBuilder();
            for (var resource : request.getResourceProfilesBuilderList())
                for (var scope : resource.getScopeProfilesBuilderList())
                    for (var profile : scope.getProfilesBuilderList()) profile.clearProfileId();
            return request.build().toString();
        }
        return Files.readString(out);
    }

    @Test
    void rulesListShowsThePacksAndAnUnknownPackIsOneLine() throws Exception {
        CliProcess.Outcome list = CliProcess.run("rules", "--list");
        assertEquals(0, list.exit(), list.err());
        assertTrue(list.stdout().contains("pack jetty "), list.stdout());
        assertTrue(list.stdout().contains("categories: kafka-client, kafka-protocol"), list.stdout());
        CliProcess.Outcome bad = CliProcess.run("attribute", stacks().toString(), "--rules", "pack:jakson");
        assertEquals(2, bad.exit());
        assertEquals(1, bad.stderr().size(), bad.err());
        assertTrue(bad.err().contains("pack:jakson") && bad.err().contains("no such rule pack"), bad.err());
    }

    @Test
    void corruptedJfrIsAOneLineErrorNotAHang() throws Exception {
        byte[] junk = new byte[4096];
        new java.util.Random(1).nextBytes(junk);
        junk[0] = 'F';
        junk[1] = 'L';
        junk[2] = 'R';
        junk[3] = 0; // a valid magic, then garbage
        Path f = Files.write(dir.resolve("corrupt.jfr"), junk);
        CliProcess.Outcome o = CliProcess.run("attribute", f.toString());
        assertEquals(2, o.exit());
        assertEquals(1, o.stderr().size(), o.err());
        assertFalse(o.err().contains("\tat "), o.err());
        assertTrue(o.err().contains("corrupt.jfr"), o.err());
    }
}
