package io.wirecost.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command that only groups others ({@code wirecost}, {@code wirecost history}, {@code wirecost bench}): given alone,
 * its commands are what the user is after, so it prints its usage, which lists them, and exits 2. picocli's own answer
 * to a group without a command is one line, "Missing required subcommand", which names none of them.
 */
public abstract class CommandGroup implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }
}
