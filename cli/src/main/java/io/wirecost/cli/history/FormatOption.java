package io.wirecost.cli.history;

import io.wirecost.cli.common.Choice;
import picocli.CommandLine.Option;

/** {@code --format text|json}, shared by the history subcommands that print a verdict or a measurement. */
final class FormatOption {

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
    String format;

    /** True for json; refuses anything but text or json in one line. */
    boolean json() {
        return Choice.among("--format", format, "text", "json").equals("json");
    }

    /**
     * Prints a command's output and its note on the runs left out: after the text, or on stderr with JSON, whose
     * stdout must be the JSON alone for a script to parse.
     */
    static void print(boolean json, String output, String note) {
        System.out.print(json ? output : output + note);
        if (json) System.err.print(note);
    }
}
