package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The lazily built subcommands keep the names their classes declare, help still lists them all, every command's
 * help renders as written, and options of the same meaning are spelt alike.
 */
class MainCommandsTest {

    /**
     * picocli formats each description with {@code String.format}: a lone {@code %} (as in "5 % (Otava's ...") fails
     * it, and picocli then prints a warning on every {@code --help} and shows the text unformatted.
     */
    @Test
    void everyHelpRendersWithoutAWarning() throws Exception {
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            for (String name : Main.COMMANDS) usage(new CommandLine(Main.command(name)));
        } finally {
            System.setErr(err);
        }
        assertEquals("", captured.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static void usage(CommandLine command) {
        command.getUsageMessage();
        command.getSubcommands().values().forEach(MainCommandsTest::usage);
    }

    /** An output option is spelt alike in every command: {@code -o} where {@code --out} or {@code --output} is. */
    @Test
    void everyOutputOptionTakesDashO() {
        java.util.List<String> without = new java.util.ArrayList<>();
        for (String name : Main.COMMANDS) outputs(new CommandLine(Main.command(name)), without);
        assertEquals(java.util.List.of(), without);
    }

    private static void outputs(CommandLine command, java.util.List<String> without) {
        for (CommandLine.Model.OptionSpec o : command.getCommandSpec().options()) {
            java.util.List<String> names = java.util.List.of(o.names());
            if ((names.contains("--out") || names.contains("--output")) && !names.contains("-o"))
                without.add(command.getCommandSpec().qualifiedName() + " " + o.longestName());
        }
        command.getSubcommands().values().forEach(c -> outputs(c, without));
    }

    /** A command group given alone shows its commands; with anything else but a command it is one line. */
    @Test
    void aGroupAloneShowsItsCommands() throws Exception {
        CliProcess.Outcome bare = CliProcess.run();
        assertEquals(2, bare.exit());
        assertTrue(bare.err().startsWith("Usage: wirecost ") && bare.err().contains("  attribute "), bare.err());
        CliProcess.Outcome history = CliProcess.run("history");
        assertEquals(2, history.exit());
        assertTrue(
                history.err().startsWith("Usage: wirecost history ")
                        && history.err().contains("  check "),
                history.err());
        CliProcess.Outcome option = CliProcess.run("history", "--verbose");
        assertEquals(2, option.exit());
        assertEquals(1, option.stderr().size(), option.err());
    }

    @Test
    void everyNameIsItsCommandsOwn() {
        for (String name : Main.COMMANDS) assertEquals(name, new CommandLine(Main.command(name)).getCommandName());
    }

    @Test
    void helpListsEveryCommand() throws Exception {
        CliProcess.Outcome o = CliProcess.run("--help");
        assertEquals(0, o.exit(), o.err());
        for (String name : Main.COMMANDS) {
            assertTrue(
                    o.stdout().lines().anyMatch(l -> l.strip().startsWith(name + " ")),
                    name + " missing from:\n" + o.stdout());
        }
        CliProcess.Outcome typo = CliProcess.run("attribut");
        assertEquals(2, typo.exit());
        assertTrue(typo.err().contains("'attribut'") && typo.err().contains("(see 'wirecost --help')"), typo.err());
    }
}
