package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The lazily built subcommands keep the names their classes declare, and help still lists them all. */
class MainCommandsTest {

    @Test
    void everyNameIsItsCommandsOwn() {
        for (Map.Entry<String, java.util.function.Supplier<Object>> e : Main.COMMANDS.entrySet()) {
            assertEquals(e.getKey(), new CommandLine(e.getValue().get()).getCommandName());
        }
    }

    @Test
    void helpListsEveryCommand() throws Exception {
        CliProcess.Outcome o = CliProcess.run("--help");
        assertEquals(0, o.exit(), o.err());
        for (String name : Main.COMMANDS.keySet()) {
            assertTrue(
                    o.stdout().lines().anyMatch(l -> l.strip().startsWith(name + " ")),
                    name + " missing from:\n" + o.stdout());
        }
        CliProcess.Outcome typo = CliProcess.run("attribut");
        assertEquals(2, typo.exit());
        assertTrue(typo.err().contains("'attribut'") && typo.err().contains("(see 'wirecost --help')"), typo.err());
    }
}
