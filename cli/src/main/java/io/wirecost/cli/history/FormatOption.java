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
}
