package io.wirecost.cli;

import io.wirecost.runner.UsageException;
import io.wirecost.scenarios.ScenarioConfig;
import picocli.CommandLine.Option;

/** {@code --string-length}: the string the scenarios' services return, for {@code run} and {@code serve} alike. */
final class StringLengthOption {

    @Option(
            names = "--string-length",
            defaultValue = "" + ScenarioConfig.DEFAULT_STRING_LENGTH,
            description = "Characters in the returned string (default: ${DEFAULT-VALUE}).")
    int stringLength;

    /** The length, checked. */
    int value() {
        if (stringLength < 0) throw new UsageException("--string-length must not be negative, got " + stringLength);
        return stringLength;
    }
}
