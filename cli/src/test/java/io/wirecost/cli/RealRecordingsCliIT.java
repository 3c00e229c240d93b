package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.cli.bench.Workload;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * attribute and flame on recordings of a program that is not ours ({@link Workload}, a plain Java
 * main): once by JDK Flight Recorder, once by async-profiler through the agent; and on the two
 * concatenated into multi-chunk files, whose totals must equal what the JDK's {@code jfr summary} counts.
 */
class RealRecordingsCliIT {

    @TempDir
    static Path dir;

    static Path jdk;
    static Path async;
    static Path both;

    @BeforeAll
    static void record() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        jdk = dir.resolve("jdk.jfr");
        async = dir.resolve("async.jfr");
        exec(
                java,
                "-XX:StartFlightRecording=filename=" + jdk + ",settings=profile",
                "-cp",
                cp,
                Workload.class.getName(),
                "3");
        exec(
                java,
                "-javaagent:" + System.getProperty("wirecost.agent.jar") + "=engine=async,event=cpu,interval=1ms,file="
                        + async,
                "-cp",
                cp,
                Workload.class.getName(),
                "3");
        both = dir.resolve("both.jfr");
        Files.write(both, Files.readAllBytes(jdk));
        Files.write(both, Files.readAllBytes(async), StandardOpenOption.APPEND);
    }

    private static String exec(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", cmd));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    private static long jfrSummaryCount(Path file, String event) throws Exception {
        String out =
                exec(Path.of(System.getProperty("java.home"), "bin", "jfr").toString(), "summary", file.toString());
        for (String line : out.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 2 && f[0].equals(event)) return Long.parseLong(f[1]);
        }
        return 0;
    }

    private static JsonNode attributeJson(String... args) throws Exception {
        CliProcess.Outcome o = CliProcess.run(args);
        assertEquals(0, o.exit(), o.err());
        return new ObjectMapper().readTree(o.stdout());
    }

    @Test
    void multiChunkTotalEqualsJfrSummary() throws Exception {
        for (Path single : List.of(jdk, async)) {
            Path twice = dir.resolve("twice-" + single.getFileName());
            Files.write(twice, Files.readAllBytes(single));
            Files.write(twice, Files.readAllBytes(single), StandardOpenOption.APPEND);
            JsonNode j = attributeJson("attribute", twice.toString(), "--format", "json");
            long expected = jfrSummaryCount(twice, "jdk.ExecutionSample");
            assertTrue(expected > 20, "enough samples: " + expected);
            assertEquals(expected, j.get("total_samples").asLong(), twice.toString());
            assertEquals(2, j.get("recordings").get(0).get("chunks").asInt());
            // JFR's execution samples get a contention verdict from every jdk.CPULoad the JDK counts; async-profiler's
            // none
            JsonNode contention = j.get("recordings").get(0).get("cpuContention");
            if (single == jdk) {
                assertTrue(
                        Set.of("CONTENDED", "NOT_CONTENDED")
                                .contains(contention.get("verdict").asText()),
                        j.toString());
                assertEquals(
                        jfrSummaryCount(twice, "jdk.CPULoad"),
                        contention.get("cpuLoadEvents").asLong());
            } else {
                assertTrue(contention == null || contention.isNull(), j.toString());
            }
        }
    }

    /**
     * A file whose chunks come from different producers: the JDK's jfr summary miscounts these (it
     * reported 69 for a 68 + 824 file here), so the reference is the sum of the parts.
     */
    @Test
    void mixedProducerChunksCountAsTheSumOfTheirParts() throws Exception {
        long total = attributeJson("attribute", both.toString(), "--format", "json")
                .get("total_samples")
                .asLong();
        assertEquals(
                jfrSummaryCount(jdk, "jdk.ExecutionSample") + jfrSummaryCount(async, "jdk.ExecutionSample"), total);
    }

    @Test
    void wallModeAddsJdkNativeMethodSamples() throws Exception {
        JsonNode j = attributeJson("attribute", jdk.toString(), "--format", "json", "--mode", "wall");
        assertEquals(
                jfrSummaryCount(jdk, "jdk.ExecutionSample") + jfrSummaryCount(jdk, "jdk.NativeMethodSample"),
                j.get("total_samples").asLong());
    }

    @Test
    void bothProducersAreAttributedAndDrawn() throws Exception {
        for (Path f : List.of(jdk, async)) {
            JsonNode j = attributeJson("attribute", f.toString(), "--format", "json");
            assertTrue(j.get("total_samples").asLong() > 0, f.toString());
            Path html = dir.resolve(f.getFileName() + ".html");
            CliProcess.Outcome o = CliProcess.run("flame", f.toString(), "-o", html.toString());
            assertEquals(0, o.exit(), o.err());
            // the template's constant pool shares name prefixes, so look for the parts
            String page = Files.readString(html);
            assertTrue(page.contains("Workload") && page.contains("recurse"), "workload frames in " + html);
        }
        assertTrue(attributeJson("attribute", async.toString(), "--format", "json")
                .get("recordings")
                .get(0)
                .get("producer")
                .asText()
                .equals("async-profiler"));
    }

    @Test
    void aRecordingCutInItsLastChunkKeepsTheCompleteChunksWithAWarning() throws Exception {
        byte[] a = Files.readAllBytes(async);
        Path cut = dir.resolve("cut.jfr");
        Files.write(cut, a);
        Files.write(cut, java.util.Arrays.copyOf(a, a.length / 2), StandardOpenOption.APPEND);
        CliProcess.Outcome o = CliProcess.run("attribute", cut.toString(), "--format", "json");
        assertEquals(0, o.exit(), o.err());
        JsonNode j = new ObjectMapper().readTree(o.stdout());
        assertEquals(
                jfrSummaryCount(async, "jdk.ExecutionSample"),
                j.get("total_samples").asLong());
        assertTrue(o.err().contains("truncated") && o.err().contains(String.valueOf(a.length / 2) + " of"), o.err());
    }

    /** JDK 25 with jdk.CPUTimeSample enabled records both it and jdk.ExecutionSample: each mode counts one. */
    @Test
    void jdk25CpuTimeSamplesAreAModeOfTheirOwn() throws Exception {
        Path j25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
        assertTrue(Files.isDirectory(j25), "Temurin 25 is part of this project's machines: " + j25);
        Path f = dir.resolve("jdk25.jfr");
        exec(
                j25.resolve("bin/java").toString(),
                "-XX:StartFlightRecording=filename=" + f + ",jdk.CPUTimeSample#enabled=true,"
                        + "jdk.CPUTimeSample#throttle=1ms",
                "-cp",
                System.getProperty("java.class.path"),
                Workload.class.getName(),
                "2");
        long cpuTime = attributeJson("attribute", f.toString(), "--format", "json", "--mode", "cpu-time")
                .get("total_samples")
                .asLong();
        long cpu = attributeJson("attribute", f.toString(), "--format", "json")
                .get("total_samples")
                .asLong();
        assertEquals(jfrSummaryCount(f, "jdk.CPUTimeSample"), cpuTime);
        assertEquals(jfrSummaryCount(f, "jdk.ExecutionSample"), cpu);
        assertTrue(cpuTime > 0);
    }

    @Test
    void timeWindowKeepsOnlyItsSamples() throws Exception {
        long all = attributeJson("attribute", async.toString(), "--format", "json")
                .get("total_samples")
                .asLong();
        long first = attributeJson("attribute", async.toString(), "--format", "json", "--from", "0s", "--to", "1s")
                .get("total_samples")
                .asLong();
        long rest = attributeJson("attribute", async.toString(), "--format", "json", "--from", "1s")
                .get("total_samples")
                .asLong();
        assertTrue(first > 0 && rest > 0 && first < all, first + " of " + all);
        assertEquals(all, first + rest, "the two windows partition the recording");
    }
}
