package io.wirecost.cli;

import io.wirecost.cli.common.Bounds;
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
        Bounds.notNegative("--string-length", stringLength);
        return stringLength;
    }
}
