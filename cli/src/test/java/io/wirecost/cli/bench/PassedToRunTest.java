package io.wirecost.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wirecost.runner.UsageException;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class PassedToRunTest {

    private static PassedToRun parsed(String... args) {
        PassedToRun p = new PassedToRun();
        new CommandLine(p).parseArgs(args);
        return p;
    }

    @Test
    void theGivenOptionsBecomeRunsWordsInOneOrder() {
        PassedToRun p = parsed("--pin-cpu", "none", "--profiler", "jfr", "--warmup", "50", "--quick");
        assertEquals(List.of("--quick", "--warmup", "50", "--profiler", "jfr", "--pin-cpu", "none"), p.args());
        assertEquals(" --quick --warmup 50 --profiler jfr --pin-cpu none", p.inWords());
    }

    @Test
    void noneGivenPassesNothing() {
        PassedToRun p = parsed();
        assertEquals(List.of(), p.args());
        assertEquals("", p.inWords());
    }

    @Test
    void aProfilerRunDoesNotKnowIsRefusedBeforeAnyRun() {
        UsageException e = assertThrows(
                UsageException.class, () -> parsed("--profiler", "perf").check());
        assertEquals("--profiler must be async, jfr or none, got 'perf'", e.getMessage());
    }
}
