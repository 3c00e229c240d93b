package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C while a message-size capture runs: the JVM ends through its shutdown hooks without unwinding the
 * thread that holds the capture, so nothing but a hook can stop tcpdump. CI once found a tcpdump left
 * behind by an interrupted run (FaultsIT); this holds the cause: after SIGINT, no tcpdump writes the file.
 */
class WireCaptureReaperTest {

    @TempDir
    Path dir;

    @Test
    void ctrlCStopsARunningCapture() throws Exception {
        assumeTrue(
                WireCapture.unavailable().isEmpty(),
                () -> "no capture here: " + WireCapture.unavailable().get());
        assertFalse(InheritedSigint.ignored(), InheritedSigint.WHY);
        Path pcap = dir.resolve("held.pcap");
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        CaptureHolder.class.getName(),
                        pcap.toString())
                .redirectErrorStream(true)
                .start();
        boolean stopped = false;
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            assertTrue(first != null && first.startsWith("capturing"), "the holder started its capture: " + first);
            assertEquals(1, tcpdumpsWriting(pcap).size(), "tcpdump runs before the interrupt");
            new ProcessBuilder("kill", "-INT", String.valueOf(p.pid())).start().waitFor();
            stopped = p.waitFor(30, TimeUnit.SECONDS);
            assertTrue(stopped, "the holder stops on SIGINT");
        } finally {
            if (!stopped) { // a holder that did not stop keeps its tcpdump: both go, whatever the assertions found
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<ProcessHandle> left;
        do {
            left = tcpdumpsWriting(pcap);
            if (left.isEmpty()) return;
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        left.forEach(ProcessHandle::destroyForcibly);
        throw new AssertionError("tcpdump outlived the interrupted JVM: " + left);
    }

    private static List<ProcessHandle> tcpdumpsWriting(Path pcap) {
        return ProcessHandle.allProcesses()
                .filter(h -> h.info().commandLine().orElse("").contains("tcpdump")
                        && h.info().commandLine().orElse("").contains(pcap.toString()))
                .toList();
    }
}
