package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * --mode alloc and --mode lock on async-profiler 2.9's recording of a program with no middleware (Busy, in the
 * default package: attribution/src/test/resources/recordings): every byte and nanosecond lands in other, the
 * total row equals the recording's own sum, and the table's interval is one over weighted events, said so.
 */
class WeightedModesCliTest {

    private static final String RECORDING = Path.of(
                    "..", "attribution", "src", "test", "resources", "recordings", "ap29-cpu-alloc-lock.jfr")
            .toString();

    @Test
    void allocationBytesByCategory() throws Exception {
        CliProcess.Outcome csv = CliProcess.run("attribute", RECORDING, "--mode", "alloc", "--format", "csv");
        assertEquals(0, csv.exit(), csv.err());
        // 65,775,270 = the 222 jdk.ObjectAllocationInNewTLAB samples' allocationSize, each over its probability of
        // being sampled at the recording's 256 KiB interval, as OldAsyncProfilerTest sums them from the JDK's parser
        // (their tlabSize, which async-profiler's converter sums, comes to 58,195,968)
        assertTrue(csv.stdout().contains("\nother,100.00,65775270,middleware,100.00,100.00\n"), csv.stdout());
        assertTrue(csv.stdout().endsWith("\ntotal,100.00,65775270,total,,\n"), csv.stdout());
        CliProcess.Outcome table = CliProcess.run("attribute", RECORDING, "--mode", "alloc");
        assertTrue(table.stdout().startsWith("Share of non-JVM bytes by category"), table.stdout());
        // all in one category: the interval has nowhere to go; the note says what kind of interval it is
        assertTrue(table.stdout().contains("100.00-100.00"), table.stdout());
        assertTrue(table.stdout().contains("Weighted by bytes: 95 % intervals of a ratio of sums"), table.stdout());
    }

    @Test
    void lockTimeByPackage() throws Exception {
        CliProcess.Outcome o =
                CliProcess.run("attribute", RECORDING, "--mode", "lock", "--by", "package", "--format", "csv");
        assertEquals(0, o.exit(), o.err());
        // Busy.main and its contender block on one monitor, both in the default package
        assertTrue(o.stdout().startsWith("package,percent,samples\n(default package),100.00,"), o.stdout());
    }
}
