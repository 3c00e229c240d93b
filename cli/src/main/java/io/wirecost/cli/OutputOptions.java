package io.wirecost.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --out} of the commands that write a run directory of their own ({@code run}, {@code model}). */
final class OutputOptions {

    @Option(
            names = {"-o", "--out"},
            description = "Output directory (default: a new folder under runs/).")
    Path out;

    /**
     * The directory, created, refused if it already holds {@code marker} (a finished run or model).
     *
     * @param prefix the default directory's name before its time stamp: {@code ""} or e.g. {@code model-}
     * @param what   what the marker stands for in the refusal: "a run", "a model"
     */
    Path create(String prefix, String marker, String what) {
        return io.wirecost.cli.common.OutputDirectory.fresh("--out", out, prefix, marker, what);
    }
}
