package io.wirecost.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code wirecost}: dispatches to the subcommands; parses nothing itself.
 *
 * <pre>
 * ./wirecost run --quick
 * ./wirecost attribute runs/latest/recordings/rmi-server.jfr --format csv
 * ./wirecost serve --scenario ws-literal
 * </pre>
 */
@Command(name = "wirecost", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Profiling-driven bottleneck attribution for JVM middleware.",
        subcommands = {RunCommand.class, AttachCommand.class, DetachCommand.class, ProfileCommand.class, AttributeCommand.class, FlameCommand.class, RulesCommand.class, DiffCommand.class,
                ServeCommand.class, BatchCommand.class, ModelCommand.class, io.wirecost.cli.bench.BenchCommand.class})
public final class Main {

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs a command line; 0 ok, 1 a scenario failed, 2 bad input. Never prints a stack trace. */
    public static int execute(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setParameterExceptionHandler((ex, a) -> {
            // one line: what was wrong, then where the accepted values are listed
            String msg = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
            ex.getCommandLine().getErr().println("wirecost: " + msg.lines().findFirst().orElse(msg)
                    + " (see 'wirecost " + ex.getCommandLine().getCommandSpec().qualifiedName().replaceFirst("^wirecost ", "") + " --help')");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, p) -> {
            String msg = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
            c.getErr().println("wirecost: " + msg.lines().findFirst().orElse(msg));
            return 2;
        });
        return cl.execute(args);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[]{"wirecost " + (v == null ? "dev" : v)};
        }
    }
}
