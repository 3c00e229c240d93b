package io.wirecost.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The headline factors of results.json go into the history once each, with their intervals. */
class RunReaderFactorsTest {

    @TempDir
    Path tmp;

    @Test
    void aFactorTwoPapersPrintedIsStoredOnceWithItsInterval() throws Exception {
        for (String f : List.of("results.json", "cpu.csv"))
            Files.copy(HistoryStoreContract.FIXTURE.resolve(f), tmp.resolve(f));
        ObjectMapper om = new ObjectMapper();
        ObjectNode root = (ObjectNode) om.readTree(tmp.resolve("results.json").toFile());
        ArrayNode factors = root.putArray("factors");
        for (String paper : List.of("seed 000", "seed 002")) {
            ObjectNode f = factors.addObject();
            f.put("ratio", "RMI-SSL/RMI").put("operation", "primitives-geomean").put("paper_source", paper);
            f.putArray("scenarios").add("rmi-ssl").add("rmi");
            f.putObject("cpu").put("factor", 1.25).put("ci_low", 1.2).put("ci_high", 1.3);
            f.putObject("rtt").put("factor", 1.3).put("ci_low", 1.1).put("ci_high", 1.5);
        }
        om.writeValue(tmp.resolve("results.json").toFile(), root);

        List<Figure> stored = RunReader.read(tmp).figures().stream()
                .filter(g -> g.metric().startsWith("factor/"))
                .toList();
        assertEquals(
                List.of(
                        new Figure("factor/rmi-ssl:rmi/primitives-geomean/rtt", 1.3, 1.1, 1.5, "x"),
                        new Figure("factor/rmi-ssl:rmi/primitives-geomean/cpu", 1.25, 1.2, 1.3, "x")),
                stored);
    }
}
