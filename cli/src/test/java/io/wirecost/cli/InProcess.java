package io.wirecost.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Runs a command line in this JVM (no process start-up: the unit layer's way), capturing what it prints. */
public final class InProcess {

    public record Outcome(int exit, String stdout, List<String> stderr) {}

    private InProcess() {}

    public static synchronized Outcome run(String... args) {
        PrintStream err = System.err;
        PrintStream out = System.out;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int exit;
        try (PrintStream toOut = new PrintStream(o, true, StandardCharsets.UTF_8);
                PrintStream toErr = new PrintStream(e, true, StandardCharsets.UTF_8)) {
            System.setOut(toOut);
            System.setErr(toErr);
            exit = Main.execute(args);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        return new Outcome(
                exit,
                o.toString(StandardCharsets.UTF_8),
                e.toString(StandardCharsets.UTF_8)
                        .lines()
                        .filter(l -> !l.isBlank())
                        .toList());
    }
}
