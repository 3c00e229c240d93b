package io.wirecost.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario whose warm-up was cut short (fewer than 1,000 calls per type, no settle rule judging it) was timed while
 * the JIT still compiled: its CPU per call and round trips are stored flagged, as its run flagged them, and the share
 * of categories, which the JIT's progress hardly moves, is not.
 */
class RunReaderWarmupCutTest {

    @TempDir
    Path tmp;

    private Path runWith(String name, int warmupCalls, JsonNode settled) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        for (String f : List.of("results.json", "cpu.csv"))
            Files.copy(HistoryStoreContract.FIXTURE.resolve(f), dir.resolve(f));
        ObjectMapper om = new ObjectMapper();
        ObjectNode root = (ObjectNode) om.readTree(dir.resolve("results.json").toFile());
        for (JsonNode scenario : root.path("scenarios"))
            ((ObjectNode) scenario.path("facts").path("counts"))
                    .put("warmupCalls", warmupCalls)
                    .set("settled", settled);
        om.writeValue(dir.resolve("results.json").toFile(), root);
        return dir;
    }

    private static List<Figure> flagged(Path dir, String prefix) throws Exception {
        return RunReader.read(dir).figures().stream()
                .filter(g -> g.metric().startsWith(prefix))
                .filter(Figure::noisy)
                .toList();
    }

    @Test
    void cpuPerCallAndRoundTripsOfACutWarmupAreFlagged() throws Exception {
        Path cut = runWith("cut", 508, NullNode.getInstance());
        long cpu = RunReader.read(cut).figures().stream()
                .filter(g -> g.metric().startsWith("cpu/rmi/"))
                .count();
        assertTrue(cpu > 0);
        assertEquals(cpu, flagged(cut, "cpu/rmi/").size());
        long rtt = RunReader.read(cut).figures().stream()
                .filter(g -> g.metric().startsWith("rtt/rmi/"))
                .count();
        assertEquals(rtt, flagged(cut, "rtt/rmi/").size());
        assertTrue(flagged(cut, "share/").isEmpty());
    }

    @Test
    void aFullOrSettledWarmupIsNotFlagged() throws Exception {
        assertTrue(
                flagged(runWith("full", 5000, NullNode.getInstance()), "cpu/").isEmpty());
        // the adaptive method judged it settled: its count is the settle rule's, not a time budget's
        assertTrue(flagged(runWith("settled", 508, com.fasterxml.jackson.databind.node.BooleanNode.TRUE), "cpu/")
                .isEmpty());
    }

    @Test
    void repetitionsAverageNoiseButNotACutWarmup() {
        double[] cut = {10, 9, 11, 2};
        double[] noisy = {10, 9, 11, 1};
        double[] sound = {11, 10, 12, 0};
        assertTrue(RunReader.combine("rtt/x/int", List.of(cut, sound), "us").noisy());
        assertFalse(RunReader.combine("rtt/x/int", List.of(noisy, sound), "us").noisy());
        assertTrue(RunReader.combine("rtt/x/int", List.of(noisy), "us").noisy());
    }
}
