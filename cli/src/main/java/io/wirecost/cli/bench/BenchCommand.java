package io.wirecost.cli.bench;

import io.wirecost.cli.CommandGroup;
import picocli.CommandLine.Command;

/** {@code wirecost bench}: benchmarks that print figures beside a reference measured in the same run. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Benchmarks, each beside a reference in the same run.",
        subcommands = {AttributeBench.class, WindowBench.class, OverheadBench.class, StartupBench.class, GateBench.class
        })
public final class BenchCommand extends CommandGroup {}
