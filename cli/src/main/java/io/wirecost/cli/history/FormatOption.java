package io.wirecost.cli.history;

import io.wirecost.runner.UsageException;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --format text|json}, shared by the history subcommands that print a verdict or a measurement. */
final class FormatOption {

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
    String format;

    /** True for json; refuses anything but text or json in one line. */
    boolean json() {
        if (!List.of("text", "json").contains(format))
            throw new UsageException("--format must be text or json, got '" + format + "'");
        return format.equals("json");
    }
}
