package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wirecost.runner.UsageException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad options of {@code wirecost batch}: exit status 2 before any JVM starts, and a one-line reason. */
class BatchBadInputTest {

    @TempDir
    Path tmp;

    @Test
    void badOptionsExitWithTwo() {
        for (List<String> args : List.of(
                List.of("--files", "0..3"),
                List.of("--files", "5..2"),
                List.of("--files", "a,b"),
                List.of("--files", "1001"),
                List.of("--latency", "-2ms"),
                List.of("--latency", "11s"),
                List.of("--reps", "0"))) {
            List<String> cmd = new java.util.ArrayList<>(
                    List.of("batch", "--out", tmp.resolve("x").toString()));
            cmd.addAll(args);
            assertEquals(2, Main.execute(cmd.toArray(new String[0])), String.join(" ", args));
        }
    }

    @Test
    void filesAreARangeOrAList() {
        assertEquals(List.of(1, 2, 3), BatchCommand.parseFiles("1..3"));
        assertEquals(List.of(1, 2, 5, 10), BatchCommand.parseFiles("1,2,5,10"));
        UsageException e = assertThrows(UsageException.class, () -> BatchCommand.parseFiles("1..x"));
        assertEquals("--files must be a range like 1..20 or a list like 1,2,5,10, got '1..x'", e.getMessage());
    }
}
