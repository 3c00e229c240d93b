package io.wirecost.cli;

import io.wirecost.cli.common.OutputDirectory;
import io.wirecost.runner.FileErrors;
import java.nio.file.FileSystemException;
import java.util.List;
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
@Command(
        name = "wirecost",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Profiling-driven bottleneck attribution for JVM middleware.")
public final class Main extends CommandGroup {

    /**
     * The subcommands' names, in the order help lists them. Each is built only when named ({@link #command}): picocli
     * reflects over every option of every command it is given, so {@code wirecost --version} or {@code wirecost
     * attribute ...} building all of them would cost start-up time for nothing. Help and unknown words get them all
     * (for the listing and suggestions).
     */
    static final List<String> COMMANDS = List.of(
            "run",
            "attach",
            "detach",
            "profile",
            "attribute",
            "analyze",
            "flame",
            "export",
            "rules",
            "diff",
            "history",
            "serve",
            "batch",
            "model",
            "bench");

    /**
     * A new instance of the named subcommand. A switch, not a map of constructor references: each reference is
     * bootstrapped through method handles when the map is built, at every start.
     */
    static Object command(String name) {
        return switch (name) {
            case "run" -> new RunCommand();
            case "attach" -> new AttachCommand();
            case "detach" -> new DetachCommand();
            case "profile" -> new ProfileCommand();
            case "attribute" -> new AttributeCommand();
            case "analyze" -> new AnalyzeCommand();
            case "flame" -> new FlameCommand();
            case "export" -> new ExportCommand();
            case "rules" -> new RulesCommand();
            case "diff" -> new DiffCommand();
            case "history" -> new io.wirecost.cli.history.HistoryCommand();
            case "serve" -> new ServeCommand();
            case "batch" -> new BatchCommand();
            case "model" -> new ModelCommand();
            case "bench" -> new io.wirecost.cli.bench.BenchCommand();
            default -> throw new IllegalArgumentException("no command " + name);
        };
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs a command line; 0 ok, 1 a scenario failed, 2 bad input. Never prints a stack trace. */
    public static int execute(String... args) {
        CommandLine cl = new CommandLine(new Main());
        OutputDirectory.forget();
        String first = args.length > 0 ? args[0] : "";
        if (COMMANDS.contains(first)) {
            cl.addSubcommand(first, command(first));
        } else if (!first.startsWith("-") || first.equals("-h") || first.equals("--help")) {
            for (String name : COMMANDS) cl.addSubcommand(name, command(name));
        }
        cl.setParameterExceptionHandler((ex, a) -> {
            // one line: what was wrong, then where the accepted values are listed
            String msg = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
            ex.getCommandLine()
                    .getErr()
                    .println("wirecost: " + msg.lines().findFirst().orElse(msg) + " (see '"
                            + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, p) -> {
            String msg = ex instanceof FileSystemException f
                    ? FileErrors.describe(f)
                    : ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
            c.getErr().println("wirecost: " + msg.lines().findFirst().orElse(msg));
            OutputDirectory.removeMadeIfEmpty();
            return 2;
        });
        return cl.execute(args);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"wirecost " + (v == null ? "dev" : v)};
        }
    }
}
