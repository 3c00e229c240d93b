package io.wirecost.cli;

import io.wirecost.runner.UsageException;
import picocli.CommandLine.Option;

/** {@code --alpha}: the diff's family-wise level, for {@code diff} and for {@code bench gate}, which runs it. */
public final class AlphaOption {

    @Option(
            names = "--alpha",
            defaultValue = "0.05",
            description =
                    "Family-wise error rate of the whole report (Holm's correction over the gating lines): the chance that "
                            + "an unchanged build exits 1 (default: ${DEFAULT-VALUE}).")
    double alpha;

    /** The level, checked. */
    public double alpha() {
        if (!(alpha > 0 && alpha < 0.5))
            throw new UsageException("--alpha must be between 0 and 0.5 (e.g. 0.05), got " + alpha);
        return alpha;
    }
}
